import { Form, Link } from "react-router";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { ContentText, useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { formatEuro } from "#shared/payments.ts";
import { paymentsIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";
import type { PositionView } from "./position-view.ts";
import "./payments.css";
import { DownloadLink } from "#client/components/download-link/download-link.tsx";

const statusTone: Record<PositionView["status"], string> = {
  paid: "success",
  unpaid: "primary",
  expired: "danger",
  cancelled: "secondary",
  unknown: "secondary",
};

/**
 * One debt position (personal area, payment service page): description, status, amount, dates, and pay / receipt /
 * notice (each system its own routes: PPAY pay-by-IUV, MYPAY a posted "Paga ora"). `headingAs` follows the page's outline.
 */
export function PaymentCard({
  position,
  headingAs: Heading = "h4",
  actions = true,
}: {
  position: PositionView;
  headingAs?: "h3" | "h4";
  actions?: boolean;
}) {
  const t = useT(paymentsIt);
  const description = position.description ?? t("payments.card.untitled");
  return (
    <article className="card card-bg shadow-sm rounded h-100" data-element="payment-card">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
          <p className="small mb-0">
            {t("payments.card.noticeCode")}: <span className="fw-semibold">{position.noticeCode}</span>
          </p>
          <span className={`badge bg-${statusTone[position.status]}`}>
            <span className="visually-hidden">{t("payments.section.filter")}: </span>
            {t(position.statusLabel)}
          </span>
        </div>
        <Heading className="card-title h5">
          {position.description ? <ContentText>{position.description}</ContentText> : description}
        </Heading>
        {position.payerWritten ? (
          <p className="small text-secondary mb-2" data-element="payer-written">
            {t("payments.card.payerWritten")}
          </p>
        ) : null}
        <PaymentFacts position={position} />
        {actions ? (
          position.system === "mypay" ? (
            <MypayActions position={position} description={description} />
          ) : (
            <PpayActions position={position} description={description} />
          )
        ) : null}
      </div>
    </article>
  );
}

/** A fact of the card, left out when the position has no value for it; `content`: the municipality's words. */
function Fact({
  label,
  value,
  content,
}: {
  label: string;
  value: string | null | undefined;
  content?: boolean;
}) {
  return value ? (
    <>
      <dt>{label}</dt>
      <dd>{content ? <ContentText>{value}</ContentText> : value}</dd>
    </>
  ) : null;
}

/** The amount, the IUV, when it was paid (or is due), the transaction, the type and the notes. */
function PaymentFacts({ position }: { position: PositionView }) {
  const t = useT(paymentsIt);
  const locale = useLocale();
  return (
    <dl className="payment-facts small mb-3">
      <dt>{t("payments.card.amount")}</dt>
      <dd className="fw-semibold">{formatEuro(position.amount, locale)}</dd>
      <dt>{t("payments.card.iuv")}</dt>
      <dd>{position.iuv}</dd>
      {position.paidOn ? (
        <Fact label={t("payments.card.paidOn")} value={position.paidOn} />
      ) : (
        <Fact label={t("payments.card.dueDate")} value={position.dueDate} />
      )}
      <Fact label={t("payments.card.transaction")} value={position.transaction} />
      <Fact label={t("payments.card.type")} value={position.type} content />
      <Fact label={t("payments.card.notes")} value={position.notes} content />
    </dl>
  );
}

type ActionsProps = { position: PositionView; description: string };

/** MYPAY: "Paga ora" is a post (the portal opens the payment there), the notice a download; the receipt once paid. */
function MypayActions({ position, description }: ActionsProps) {
  const t = useT(paymentsIt);
  if (position.hasReceipt) {
    return (
      <div className="d-flex flex-wrap gap-2">
        <DownloadLink
          className="btn btn-outline-primary btn-sm"
          href={href("/area-personale/dovuti/:iuv/ricevuta", { iuv: position.iuv })}
          aria-label={t("payments.card.receiptLabel", { description })}
        >
          {t("payments.card.receipt")}
        </DownloadLink>
      </div>
    );
  }
  if (!position.payable) return null;
  return (
    <div className="d-flex flex-wrap gap-2">
      <Form method="post" action={href("/area-personale/dovuti/:iuv/paga", { iuv: position.iuv })}>
        <XsrfField />
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          aria-label={t("payments.card.payNowLabel", { description })}
        >
          {t("payments.card.payNow")}
        </button>
      </Form>
      <DownloadLink
        className="btn btn-outline-primary btn-sm"
        href={href("/area-personale/dovuti/:iuv/avviso", { iuv: position.iuv })}
        aria-label={t("payments.card.noticeLabel", { description })}
      >
        {t("payments.card.notice")}
      </DownloadLink>
    </div>
  );
}

/** PPAY: pay by IUV (a page of the portal), the receipt once paid, the notice unless cancelled. */
function PpayActions({ position, description }: ActionsProps) {
  const t = useT(paymentsIt);
  const { iuv } = position;
  return (
    <div className="d-flex flex-wrap gap-2">
      {position.payable ? (
        <Link
          className="btn btn-primary btn-sm"
          to={href("/area-personale/pagamento-iuv/:iuv", { iuv })}
          aria-label={t("payments.card.payNowLabel", { description })}
        >
          {t("payments.card.payNow")}
        </Link>
      ) : null}
      {position.hasReceipt ? (
        <DownloadLink
          className="btn btn-outline-primary btn-sm"
          href={href("/area-personale/pagamenti/:iuv/ricevuta", { iuv })}
          aria-label={t("payments.card.receiptLabel", { description })}
        >
          {t("payments.card.receipt")}
        </DownloadLink>
      ) : null}
      {position.status !== "cancelled" ? (
        <DownloadLink
          className="btn btn-outline-primary btn-sm"
          href={href("/area-personale/pagamenti/:iuv/avviso", { iuv })}
          aria-label={t("payments.card.noticeLabel", { description })}
        >
          {t("payments.card.notice")}
        </DownloadLink>
      ) : null}
    </div>
  );
}
