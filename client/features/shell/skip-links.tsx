import { useT } from "#client/i18n/i18n-context.tsx";

/** Skip links of the Modello Comuni base template; the targets are `#main-container` and `#footer`. */
export function SkipLinks() {
  const t = useT();
  return (
    <div className="skiplinks">
      <a className="visually-hidden-focusable" href="#main-container">
        {t("skip.content")}
      </a>
      <a className="visually-hidden-focusable" href="#footer">
        {t("skip.footer")}
      </a>
    </div>
  );
}
