import { Link, useLocation } from "react-router";
import { Callout } from "#client/components/ui/callout.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { paymentsIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { OUTCOME_TEXTS, PAYER_KINDS, type OutcomeKind } from "./outcome.ts";
import { DownloadLink } from "#client/components/download-link/download-link.tsx";

/**
 * The pagoPA outcome (the upstream's state of the IUV, see outcome.server.ts) and where to go next: the receipt when
 * it exists, a refresh while the Ricevuta Telematica is awaited, the login for anonymous visitors, else the personal
 * area's payments; `back` adds a link (e.g. to the payment service).
 */
export function OutcomeView(props: {
  kind: OutcomeKind;
  iuv: string | null;
  loginHref: string | null;
  receiptHref: string | null;
  /** Acting for a delegator (issue #28): the payment was theirs, the texts say so (not "your personal area"). */
  delegator?: { nome: string; cognome: string } | null;
  back?: { href: string; label: string };
}) {
  const t = useT(paymentsIt);
  const location = useLocation();
  const { kind, iuv, loginHref, receiptHref } = props;
  const texts = OUTCOME_TEXTS[kind];
  const polite = kind === "paid" || kind === "waiting" || PAYER_KINDS.includes(kind);
  return (
    <>
      <div role={polite ? "status" : "alert"}>
        <Callout variant={texts.tone} title={t(texts.title)} titleAs="h2">
          {iuv ? <p>{t("payments.outcome.reference", { iuv })}</p> : null}
          <p className="mb-0">
            {props.delegator && texts.textFor ? t(texts.textFor, props.delegator) : t(texts.text)}
          </p>
        </Callout>
      </div>
      <div className="d-flex flex-wrap gap-3 mt-4">
        {receiptHref ? (
          <DownloadLink className="btn btn-primary" href={receiptHref}>
            {t("payments.outcome.receipt")}
          </DownloadLink>
        ) : null}
        {kind === "payerWaiting" ? (
          <Link className="btn btn-primary" to={location.pathname + location.search} reloadDocument>
            {t("payments.outcome.reload")}
          </Link>
        ) : null}
        {loginHref ? (
          <a className="btn btn-primary" href={loginHref}>
            {t("payments.outcome.login")}
          </a>
        ) : PAYER_KINDS.includes(kind) ? null : (
          <Link className="btn btn-primary" to={withQuery(href("/area-personale/attivita"), {}, "pagamenti")}>
            {t("payments.outcome.toPersonalArea")}
          </Link>
        )}
        {props.back ? (
          <Link className="btn btn-outline-primary" to={props.back.href}>
            {props.back.label}
          </Link>
        ) : null}
      </div>
    </>
  );
}
