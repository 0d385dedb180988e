import { Form } from "react-router";
import type { Delega, DelegaList } from "#shared/api/deleghe.ts";
import { formatDate } from "#shared/dates.ts";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { delegheIt } from "./texts.ts";

/** A status the catalogue names, or the upstream's code as sent. */
function useStatusLabel() {
  const t = useT(delegheIt);
  return (stato: string) => {
    const key = `deleghe.status.${stato}`;
    return key in delegheIt ? t(key as keyof typeof delegheIt) : stato;
  };
}

/** One posted action: a small form, so it works without JavaScript. */
function ActionButton({
  id,
  azione,
  label,
  danger,
}: {
  id: string;
  azione: string;
  label: string;
  danger?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <XsrfField />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="azione" value={azione} />
      <SubmitButton className={danger ? "btn btn-outline-danger btn-sm" : "btn btn-primary btn-sm"}>
        {label}
      </SubmitButton>
    </Form>
  );
}

type CardProps = { delega: Delega; which: DelegaList };

/** The other person's role and name, the status, the dates, a refusal's reason. */
function DelegaDetails({ delega, which }: CardProps) {
  const t = useT(delegheIt);
  const locale = useLocale();
  const status = useStatusLabel();
  const other = which === "delegati" ? delega.delegato : delega.delegante;
  const day = (value: string) => (
    <time dateTime={value}>{formatDate(`${value}T12:00:00Z`, "dd/MM/yyyy", locale)}</time>
  );
  return (
    <dl className="row small mb-2">
      <dt className="col-5">
        {which === "delegati" ? t("deleghe.card.delegate") : t("deleghe.card.delegator")}
      </dt>
      <dd className="col-7">{`${other.nome} ${other.cognome}`}</dd>
      <dt className="col-5">{t("deleghe.card.status")}</dt>
      <dd className="col-7">
        <span className="badge bg-secondary" data-stato={delega.stato}>
          {status(delega.stato)}
        </span>
      </dd>
      <dt className="col-5">{t("deleghe.card.from")}</dt>
      <dd className="col-7">{day(delega.dataInizio)}</dd>
      <dt className="col-5">{t("deleghe.card.to")}</dt>
      <dd className="col-7">{day(delega.dataScadenza)}</dd>
      {delega.motivo ? (
        <>
          <dt className="col-5">{t("deleghe.card.reason")}</dt>
          <dd className="col-7">{delega.motivo}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** A request's own documents, each a download (through the portal's download route). */
function DelegaDocuments({ delega }: { delega: Delega }) {
  const t = useT(delegheIt);
  if (!delega.richiesta?.allegati.length) return null;
  return (
    <>
      <p className="small fw-semibold mb-1">{t("deleghe.card.documents")}</p>
      <ul className="small">
        {delega.richiesta.allegati.map((a) => (
          <li key={a.slot}>
            <a
              href={href("/area-personale/deleghe/richieste/:id/allegati/:slot", {
                id: delega.uuidDelega,
                slot: a.slot,
              })}
              download
            >
              {t(`deleghe.slot.${a.slot}`)}
            </a>{" "}
            ({a.nomeFile})
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The actions the list allows: accept/refuse one waiting for me, withdraw a live one I gave, cancel a request
 * waiting for the operator.
 */
function DelegaActions({ delega, which }: CardProps) {
  const t = useT(delegheIt);
  const other = which === "delegati" ? delega.delegato : delega.delegante;
  const names = { nome: other.nome, cognome: other.cognome };
  const id = delega.uuidDelega;
  const live = ["ATTESA_DELEGATO", "ATTESA_OPERATORE", "APPROVATA"].includes(delega.stato);
  return (
    <div className="d-flex flex-wrap gap-2">
      {which === "deleganti" && delega.stato === "ATTESA_DELEGATO" ? (
        <>
          <ActionButton id={id} azione="ACCETTA" label={t("deleghe.action.accept", names)} />
          <ActionButton id={id} azione="RIFIUTA" label={t("deleghe.action.refuse", names)} danger />
        </>
      ) : null}
      {which === "delegati" && live ? (
        <ActionButton id={id} azione="RITIRA" label={t("deleghe.action.withdraw", names)} danger />
      ) : null}
      {which === "richieste" && delega.stato === "ATTESA_OPERATORE" ? (
        <ActionButton id={id} azione="ANNULLA" label={t("deleghe.action.cancel", names)} danger />
      ) : null}
    </div>
  );
}

/**
 * One delegation: the other person, the services, the dates, the status (and a refusal's reason), a request's
 * documents, and the actions its list allows.
 */
export function DelegaCard({ delega, which }: CardProps) {
  const t = useT(delegheIt);
  const other = which === "delegati" ? delega.delegato : delega.delegante;
  const headingId = `delega-${delega.uuidDelega}`;
  return (
    <article className="card card-bg shadow-sm h-100" aria-labelledby={headingId}>
      <div className="card-body">
        <h3 id={headingId} className="h5 card-title">
          {t("deleghe.card.person", {
            nome: other.nome,
            cognome: other.cognome,
            codiceFiscale: other.codiceFiscale,
          })}
        </h3>
        <DelegaDetails delega={delega} which={which} />
        <p className="small fw-semibold mb-1">{t("deleghe.card.services")}</p>
        <ul className="small">
          {delega.servizi.map((s) => (
            <li key={s.idServizio}>{s.titolo}</li>
          ))}
        </ul>
        {which === "richieste" ? <DelegaDocuments delega={delega} /> : null}
        <DelegaActions delega={delega} which={which} />
      </div>
    </article>
  );
}
