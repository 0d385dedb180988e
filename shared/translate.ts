import { pluralCategory, type Locale } from "./locale.ts";

/**
 * The one `translate` (docs/decisions/texts.md): every text of the portal, the pages', the forms' validation
 * messages and the server's own answers, is a catalogue key read here. Components and route code reach it through
 * `client/i18n` (`useT`, `serverT`, `metaT`, `translatorFor`, which add the base catalogue and the key types); the
 * validation rules (`shared/validation`) and the server's middleware (`server/texts.ts`) call it with their own
 * catalogue. Italian reads the given catalogues in order; English reads the complete English catalogue, given once
 * by whoever starts the code (`provideEnglish`: the client entries, the server's text module, the tests' setup).
 */

/** An Italian catalogue (`xxxIt` of a `texts.ts`), a module constant. */
export type Catalogue = Readonly<Record<string, string>>;
export type MessageParams = Record<string, string | number>;

/** Undefined until some English is given (an Italian page's browser never loads it). */
let english: Record<string, string> | undefined;

/**
 * Adds English texts (every text of the catalogues given to `translate` must be there): the client entries give the
 * app layer's complete catalogue (client/texts.en.ts), the server its own answers' (server/texts.en.ts).
 */
export function provideEnglish(catalogue: Catalogue): void {
  english = { ...english, ...catalogue };
}

export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

function lookup(sources: readonly Catalogue[], key: string): string | undefined {
  for (const source of sources) if (Object.hasOwn(source, key)) return source[key];
  return undefined;
}

/**
 * The text of `key` in `locale`: Italian from `italian` (the first catalogue that has it), English from the complete
 * English catalogue (the Italian when English was never given, as in an Italian page's browser). A count picks its
 * form with `Intl.PluralRules`: the key `x` with `{ count }` reads `x.one` / `x.other` when those exist. `{name}`
 * placeholders are filled from `params`. A key found nowhere is shown as it is.
 */
export function translate(
  locale: Locale,
  italian: readonly Catalogue[],
  key: string,
  params?: MessageParams,
): string {
  const sources: readonly Catalogue[] = locale === "en" && english ? [english] : italian;
  const count = params?.count;
  const template =
    typeof count === "number" && lookup(sources, key) === undefined
      ? (lookup(sources, `${key}.${pluralCategory(locale, count)}`) ?? lookup(sources, `${key}.other`))
      : lookup(sources, key);
  return interpolate(template ?? key, params);
}
