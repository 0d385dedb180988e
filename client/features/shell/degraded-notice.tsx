import { useT } from "#client/i18n/i18n-context.tsx";

/** Shown on every page while the upstream does not answer: the page comes from the cached configuration. */
export function DegradedNotice() {
  const t = useT();
  return (
    <div className="alert alert-warning rounded-0 border-0 mb-0 py-2" role="status">
      <div className="container">
        <strong>{t("degraded.title")}</strong> {t("degraded.body")}
      </div>
    </div>
  );
}
