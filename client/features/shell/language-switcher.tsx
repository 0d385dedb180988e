import { useLocation } from "react-router";
import { cx } from "#client/components/ui/class-names.ts";
import { useLocale, useT, type Locale } from "#client/i18n/i18n-context.tsx";
import { currentPathHref } from "#shared/redirector.ts";

const languages: Array<{ locale: Locale; short: string; name: string }> = [
  { locale: "it", short: "ITA", name: "Italiano" },
  { locale: "en", short: "ENG", name: "English" },
];

/** Real links (`?lang=it|en` on the current path and query), so the choice works without JavaScript. */
export function LanguageSwitcher() {
  const t = useT();
  const current = useLocale();
  const { pathname, search } = useLocation();
  const hrefFor = (locale: Locale) => {
    const params = new URLSearchParams(search);
    params.set("lang", locale);
    return currentPathHref(pathname, `?${params.toString()}`);
  };
  return (
    <ul className="list-inline mb-0 me-3 d-flex align-items-center" aria-label={t("header.language")}>
      {languages.map(({ locale, short, name }) => (
        <li key={locale} className="list-inline-item me-2">
          <a
            className={cx("text-white", locale === current ? "fw-bold" : "fw-normal")}
            href={hrefFor(locale)}
            lang={locale}
            hrefLang={locale}
            aria-current={locale === current ? "true" : undefined}
          >
            <span aria-hidden="true">{short}</span>
            <span className="visually-hidden">{name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
