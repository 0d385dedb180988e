import { useT } from "#client/i18n/i18n-context.tsx";
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

/** The sticky green bar shown while the citizen acts on behalf of a delegator. */
export function DelegatorBanner({ delegator, action, xsrfToken, hiddenFields = {} }: DelegatorBannerProps) {
  const t = useT();
  return (
    <section className="sticky-top bg-success text-white py-2" aria-label={t("delegator.region")}>
      <div className="container d-flex flex-wrap align-items-center justify-content-between gap-2">
        <p className="mb-0 text-white">{t("delegator.text", { ...delegator })}</p>
        <form method="post" action={action} className="mb-0">
          <XsrfField token={xsrfToken} />
          {Object.entries(hiddenFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="btn btn-sm btn-light">
            {t("delegator.clear")}
          </button>
        </form>
      </div>
    </section>
  );
}

/** Shown once, on the request that found the chosen delegation(s) no longer active (the mode is then cleared). */
export function DelegationEndedNotice({ ended }: { ended: { nome: string; cognome: string }[] }) {
  const t = useT();
  return (
    <div className="alert alert-warning rounded-0 border-0 mb-0 py-2" role="status">
      <div className="container">
        {ended.map((e) => (
          <p key={`${e.nome} ${e.cognome}`} className="mb-0">
            {t("delegator.ended", e)}
          </p>
        ))}
      </div>
    </div>
  );
}
