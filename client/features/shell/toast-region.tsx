import { cx } from "#client/components/ui/class-names.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import type { Toast } from "./toast-types.ts";

type ToastRegionProps = { toasts: Toast[]; onDismiss: (id: string) => void };

/** Two live regions at the bottom right: polite for confirmations and push messages, assertive for errors. */
export function ToastRegion({ toasts, onDismiss }: ToastRegionProps) {
  const byKind = (kind: Toast["kind"]) =>
    toasts
      .filter((toast) => toast.kind === kind)
      .map((toast) => <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />);
  return (
    <div className="toast-region">
      <div role="status" aria-live="polite">
        {byKind("success")}
      </div>
      <div role="alert" aria-live="assertive">
        {byKind("error")}
      </div>
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const t = useT();
  const hydrated = useHydrated();
  const { id, kind, html, title } = toast;
  return (
    <div className={cx("notification with-icon dismissable", kind)}>
      <h2 className="h5">
        <Icon name={kind === "success" ? "it-check-circle" : "it-close-circle"} />
        {title ?? t("toast.defaultTitle")}
      </h2>
      {/* The message is HTML sanitised by the server before it reaches the page. */}
      <div className="toast-message" dangerouslySetInnerHTML={{ __html: html }} />
      {hydrated ? (
        <button type="button" className="btn notification-close" onClick={() => onDismiss(id)}>
          <Icon name="it-close" />
          <span className="visually-hidden">{t("toast.close")}</span>
        </button>
      ) : null}
    </div>
  );
}
