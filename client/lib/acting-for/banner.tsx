import { useEffect, useRef } from "react";
import { useT } from "#client/i18n/i18n-context.tsx";
import { actingForIt } from "./texts.ts";
import { XsrfField } from "#client/components/xsrf-field.tsx";

export type Delegator = { nome: string; cognome: string; codiceFiscale: string };

export type DelegatorBannerProps = {
  delegator: Delegator;
  /** Where the "Cancella delegato" form posts. */
  action: string;
  xsrfToken?: string;
  /** Extra hidden fields of the form (e.g. the asset code the delegation belongs to). */
  hiddenFields?: Record<string, string>;
};

/**
 * The sticky green bar shown while the citizen acts on behalf of a delegator: on a phone one short line ("Per conto di
 * Anna Esposito" and the button beside it, issue #40: it took ~110 of 844 px), the whole sentence from tablet width.
 */
export function DelegatorBanner({ delegator, action, xsrfToken, hiddenFields = {} }: DelegatorBannerProps) {
  const t = useT(actingForIt);
  return (
    <section
      className="sticky-top bg-success text-white py-1 delegator-banner"
      aria-label={t("delegator.region")}
    >
      <div className="container d-flex align-items-center justify-content-between gap-2">
        <p className="mb-0 text-white small">
          <span className="d-md-none">{t("delegator.textShort", { ...delegator })}</span>
          <span className="d-none d-md-inline">{t("delegator.text", { ...delegator })}</span>
        </p>
        <form method="post" action={action} className="mb-0">
          <XsrfField token={xsrfToken} />
          {Object.entries(hiddenFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="btn btn-xs btn-light">
            {t("delegator.clear")}
          </button>
        </form>
      </div>
    </section>
  );
}

type Person = { nome: string; cognome: string };

/**
 * Shown once, on the request that found the chosen delegation(s) no longer active (the mode is then cleared), and
 * (issue #40) on the page a refused post was sent back to: "La delega di … non è più attiva: l'operazione per suo
 * conto non è stata eseguita", an alert that takes the focus, so it is in view wherever the post's button was.
 */
export function DelegationEndedNotice({ ended, refused }: { ended: Person[]; refused: Person[] }) {
  const t = useT(actingForIt);
  const alertRef = useRef<HTMLDivElement>(null);
  const refusedKey = refused.map((r) => `${r.nome} ${r.cognome}`).join(",");
  useEffect(() => {
    if (refusedKey) alertRef.current?.focus();
  }, [refusedKey]);
  return (
    <div className="alert alert-warning rounded-0 border-0 mb-0 py-2">
      <div className="container">
        {refused.length > 0 ? (
          <div ref={alertRef} role="alert" tabIndex={-1} data-acting-for-refused="">
            {refused.map((e) => (
              <p key={`${e.nome} ${e.cognome}`} className="mb-0 fw-semibold">
                {t("delegator.endedAction", e)}
              </p>
            ))}
            <p className="mb-0">{t("delegator.ownName")}</p>
          </div>
        ) : null}
        {ended.length > 0 ? (
          <div role="status">
            {ended.map((e) => (
              <p key={`${e.nome} ${e.cognome}`} className="mb-0">
                {t("delegator.ended", e)}
              </p>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
