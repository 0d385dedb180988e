/** The portal's languages: Italian (the default, and the source of every text) and English. */
export const LOCALES = ["it", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/** Any value other than an English tag (`en`, `en-GB`, …) gives the default, Italian. */
export function resolveLocale(value: string | null | undefined): Locale {
  return value?.trim().toLowerCase().startsWith("en") ? "en" : "it";
}

/** The plural category of a count in a locale (`one`, `other`), from `Intl.PluralRules`. */
export function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  return pluralRules[locale].select(count);
}

/** One `Intl.PluralRules` per locale: building one costs far more than asking it (texts with counts on every page). */
const pluralRules: Record<Locale, Intl.PluralRules> = {
  it: new Intl.PluralRules("it"),
  en: new Intl.PluralRules("en"),
};
