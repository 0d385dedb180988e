import { useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { Form } from "react-router";
import type { Delega, DelegaList, DelegaStato } from "#shared/api/deleghe.ts";
import { formatDay } from "#shared/dates.ts";
import { Modal } from "#client/components/ui/modal.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { LinkButton } from "#client/components/ui/link-button.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { useContentLang, useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { delegheIt } from "./texts.ts";
import { DownloadLink } from "#client/components/download-link/download-link.tsx";

/**
 * A status the catalogue names (a request the requester cancelled is "Annullata" in their own list, where the upstream
 * says RITIRATA), or the upstream's code as sent.
 */
export function useStatusLabel(which: DelegaList) {
  const t = useT(delegheIt);
  return (stato: string) => {
    if (which === "richieste" && stato === "RITIRATA") return t("deleghe.status.ANNULLATA");
    const key = `deleghe.status.${stato}`;
    return key in delegheIt ? t(key as keyof typeof delegheIt) : stato;
  };
}

/** Each status its colour (the text says it too, never the colour alone). */
const STATUS_TONE: Partial<Record<string, string>> & Record<DelegaStato, string> = {
  ATTESA_DELEGATO: "warning",
  ATTESA_OPERATORE: "warning",
  APPROVATA: "success",
  NON_ATTIVA: "secondary",
  SCADUTA: "secondary",
  RITIRATA: "secondary",
  RIFIUTATA: "danger",
};

/** The posted action's form: the delegation and the action (a small form, so it works without JavaScript). */
function ActionForm({ id, azione, children }: { id: string; azione: string; children: ReactNode }) {
  return (
    <Form method="post" preventScrollReset className="d-flex flex-wrap gap-2">
      <XsrfField />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="azione" value={azione} />
      {children}
    </Form>
  );
}

/** What a confirmed action asks: the dialog's title, the question, the two answers. */
/** Calls `changed` whenever the address's fragment changes. */
function subscribeToHash(changed: () => void): () => void {
  window.addEventListener("hashchange", changed);
  return () => window.removeEventListener("hashchange", changed);
}

type Confirmation = { title: string; question: string; yes: string; no: string };

/**
 * An irreversible action (refuse, withdraw, cancel): the button opens a confirmation dialog, as every irreversible
 * action of the portal does; without JavaScript it is a link to the same dialog (`:target`), whose "No" closes it.
 */
function ConfirmedAction({
  id,
  azione,
  label,
  confirm,
}: {
  id: string;
  azione: string;
  label: string;
  confirm: Confirmation;
}) {
  const noRef = useRef<HTMLAnchorElement>(null);
  const modalId = `conferma-${azione.toLowerCase()}-${id}`;
  // Opened by its link before the page was hydrated (`:target`): still open once React has it (the server and the
  // hydrating render read no address, the next render reads the browser's), until the citizen answers.
  const openedByLink = useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash === `#${modalId}`,
    () => false,
  );
  const [choice, setOpen] = useState<boolean | null>(null);
  const open = choice ?? openedByLink;
  return (
    <>
      <LinkButton
        className="btn btn-outline-danger btn-sm"
        href={`#${modalId}`}
        onPress={() => setOpen(true)}
        ariaHaspopup="dialog"
        ariaControls={modalId}
      >
        {label}
      </LinkButton>
      <Modal
        id={modalId}
        open={open}
        onClose={() => setOpen(false)}
        title={confirm.title}
        initialFocusRef={noRef}
        noJsCloseHref="#"
      >
        <p>{confirm.question}</p>
        <ActionForm id={id} azione={azione}>
          <SubmitButton className="btn btn-danger">{confirm.yes}</SubmitButton>
          <LinkButton
            innerRef={noRef}
            className="btn btn-outline-primary"
            href="#"
            onPress={() => setOpen(false)}
          >
            {confirm.no}
          </LinkButton>
        </ActionForm>
      </Modal>
    </>
  );
}

type CardProps = { delega: Delega; which: DelegaList };

/** The status, the dates, a refusal's reason (the other person is the card's title). */
function DelegaDetails({ delega, which }: CardProps) {
  const t = useT(delegheIt);
  const locale = useLocale();
  const status = useStatusLabel(which);
  const day = (value: string) => <time dateTime={value}>{formatDay(value, locale)}</time>;
  return (
    <dl className="row small mb-2">
      <dt className="col-5">{t("deleghe.card.status")}</dt>
      <dd className="col-7">
        <span className={`badge bg-${STATUS_TONE[delega.stato] ?? "secondary"}`} data-stato={delega.stato}>
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
            <DownloadLink
              href={href("/area-personale/deleghe/richieste/:id/allegati/:slot", {
                id: delega.uuidDelega,
                slot: a.slot,
              })}
            >
              {t(`deleghe.slot.${a.slot}`)}
            </DownloadLink>{" "}
            ({a.nomeFile})
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The actions the list allows: accept/refuse one waiting for me, withdraw a live one I gave, cancel a request
 * waiting for the operator. Refusing, withdrawing and cancelling cannot be undone: they ask first.
 */
function DelegaActions({ delega, which }: CardProps) {
  const t = useT(delegheIt);
  const other = which === "delegati" ? delega.delegato : delega.delegante;
  const names = { nome: other.nome, cognome: other.cognome };
  const id = delega.uuidDelega;
  const live = ["ATTESA_DELEGATO", "ATTESA_OPERATORE", "APPROVATA"].includes(delega.stato);
  const confirm = (action: "refuse" | "withdraw" | "cancel"): Confirmation => ({
    title: t(`deleghe.confirm.${action}.title`),
    question: t(`deleghe.confirm.${action}.question`, names),
    yes: t(`deleghe.confirm.${action}.yes`),
    no: t("deleghe.confirm.no"),
  });
  return (
    <div className="d-flex flex-wrap gap-2">
      {which === "deleganti" && delega.stato === "ATTESA_DELEGATO" ? (
        <>
          <ActionForm id={id} azione="ACCETTA">
            <SubmitButton className="btn btn-primary btn-sm">
              {t("deleghe.action.accept", names)}
            </SubmitButton>
          </ActionForm>
          <ConfirmedAction
            id={id}
            azione="RIFIUTA"
            label={t("deleghe.action.refuse", names)}
            confirm={confirm("refuse")}
          />
        </>
      ) : null}
      {which === "delegati" && live ? (
        <ConfirmedAction
          id={id}
          azione="RITIRA"
          label={t("deleghe.action.withdraw", names)}
          confirm={confirm("withdraw")}
        />
      ) : null}
      {which === "richieste" && delega.stato === "ATTESA_OPERATORE" ? (
        <ConfirmedAction
          id={id}
          azione="ANNULLA"
          label={t("deleghe.action.cancel", names)}
          confirm={confirm("cancel")}
        />
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
  const contentLang = useContentLang();
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
        <ul className="small" lang={contentLang}>
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
