import { LoadFailed } from "#client/components/ui/load-failed.tsx";
import { useContentLang } from "#client/i18n/i18n-context.tsx";

/**
 * The privacy step's policy text (HTML from the upstream) in a focusable region named `label`, or the alert naming
 * `failedTitle` when it could not be loaded: the same in the spontaneous payment and the payment by IUV.
 */
export function PaymentPolicy(props: { policy: string | null; label: string; failedTitle: string }) {
  const lang = useContentLang();
  if (props.policy === null) return <LoadFailed title={props.failedTitle} />;
  return (
    <div
      className="payment-policy border rounded p-3 mb-4"
      tabIndex={0}
      role="region"
      aria-label={props.label}
      lang={lang}
      dangerouslySetInnerHTML={{ __html: props.policy }}
    />
  );
}
