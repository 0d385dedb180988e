import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { I18nProvider } from "#client/i18n/i18n-context.tsx";
import type { Locale } from "#shared/locale.ts";

/** Each kept value's markup, by island and language: as long as the value lives (the configuration's version). */
const markups = new WeakMap<object, Map<string, string>>();

/**
 * The markup of an island showing `value` in `locale` (issue #38: the footer, the header's channels and the home
 * page's services were ~12 % of the CPU of every page the server renders). Rendered once per value and language, then
 * the same string is written into every document: the values are derived once per configuration version
 * (`shellView`, the home page's `serviceGroups`), so a new configuration is a new value and a new markup.
 *
 * What an island shows depends on its value and the language only (server-island.tsx): it is rendered apart from the
 * page, inside a router at "/" (its links are absolute portal paths: `<a href data-discover>`, which the island's click
 * handler navigates client-side) and the page's language. Its `useId`s carry the island's name, so that they never
 * meet the page's own.
 */
export function islandMarkup(name: string, value: unknown, locale: Locale, content: () => ReactNode): string {
  if (typeof value !== "object" || value === null) return freshIslandMarkup(name, value, locale, content);
  let byIsland = markups.get(value);
  if (!byIsland) markups.set(value, (byIsland = new Map()));
  const key = `${name}|${locale}`;
  let markup = byIsland.get(key);
  if (markup === undefined) byIsland.set(key, (markup = freshIslandMarkup(name, value, locale, content)));
  return markup;
}

/** The same, rendered every time (development: an edited component shows at once, whatever value it renders). */
export function freshIslandMarkup(
  name: string,
  _value: unknown,
  locale: Locale,
  content: () => ReactNode,
): string {
  return renderToStaticMarkup(
    <StaticRouter location="/">
      <I18nProvider locale={locale}>{content()}</I18nProvider>
    </StaticRouter>,
    { identifierPrefix: `${name}-` },
  );
}
