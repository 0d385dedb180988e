import { useT } from "#client/i18n/i18n-context.tsx";

/** The "Ambiente dimostrativo" bar; render it at the very top of the page when `env.sandbox` is true. */
export function SandboxNotice() {
  const t = useT();
  return (
    <div className="alert alert-warning rounded-0 border-0 mb-0 py-2" role="note">
      <strong>{t("sandbox.title")}</strong>
      {` ${t("sandbox.body")}`}
    </div>
  );
}
