import { useT } from "#client/i18n/i18n-context.tsx";
import { Callout } from "./callout.tsx";

/**
 * A list of a page that could not be loaded (its upstream is down): an alert naming it and "Riprova tra qualche
 * minuto"; the rest of the page is still there.
 */
export function LoadFailed({ title, className }: { title: string; className?: string }) {
  const t = useT();
  return (
    <div role="alert" className={className}>
      <Callout variant="danger" title={title}>
        <p className="mb-0">{t("common.retryLater")}</p>
      </Callout>
    </div>
  );
}
