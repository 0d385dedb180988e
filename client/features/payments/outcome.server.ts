import type { RouterContextProvider } from "react-router";
import { noticeCodeOfIuv } from "#shared/api/mypay.ts";
import { IUV_PATTERN } from "#shared/api/ppay.ts";
import { findAsset } from "#shared/api/tenant-config.ts";
import { readRouteError } from "#shared/route-error.ts";
import { normalizeFiscalCode } from "#shared/validation/fiscal-code.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { href } from "#client/lib/links.ts";
import { getServices } from "#client/lib/services.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { ppayOf, ppaySubject, ppaySubjectOf } from "#client/lib/acting-for/index.server.ts";
import { toPositionView } from "./position-view.ts";
import { decideOutcome, mypayPaymentStatus, type OutcomeKind } from "./outcome.ts";
import { paidCookie, type PaidState } from "./spontaneous/flow-state.ts";
import { answerDownload, downloadRefusal } from "#client/lib/download.server.ts";
import { pdfResponse } from "./payment-file.server.ts";
import { paymentsIt } from "./texts.ts";

type Context = Readonly<RouterContextProvider>;

export type Outcome = {
  kind: OutcomeKind;
  iuv: string | null;
  loginHref: string | null;
  /** The receipt's download, when the upstream has it. */
  receiptHref: string | null;
  /** Acting for a delegator: whose payment it was (the page says so rather than "your personal area"). */
  delegator?: { nome: string; cognome: string } | null;
};

/** A 404/403/400 of the upstream means "no such position for this payer". */
function isMissing(error: unknown): boolean {
  return Boolean(readRouteError(error, 404) || readRouteError(error, 400) || readRouteError(error, 403));
}

/** The payment this browser sent to pagoPA (its sealed `pay-outcome` state), if any. */
function paidByThisBrowser(context: Context): PaidState | undefined {
  return paidCookie.read(getServices(context).flow).state;
}

/**
 * The outcome for the browser that paid (anonymous included): the state of the IUV it keeps in its sealed flow state.
 * MYPAY: by the notice code (`verificaAvviso`). PPAY, in this order (docs/decisions/upstream-writes.md):
 * - the payer is the logged-in citizen (or the delegator they act for on PPAY): the citizen's own positions, which the
 *   published BFF has (`/api/ppay/citizens/{cf}/debtpositions?iuv=`), with the receipt in the personal area;
 * - else the public read of one position by tax code and IUV (a BFF extension of the spec's fuller BFF);
 * - the published BFF has no such read (404/405): nothing can be checked here. The page says what pagoPA reported
 *   (`codEsito`: only this browser, which sent the payment, sees it) and what the payer receives, and when: pagoPA's
 *   receipt by e-mail, the payment in the payer's personal area once the municipality has it.
 */
async function payerOutcome(
  context: Context,
  paid: PaidState,
  codEsito: string | null,
  url: URL,
): Promise<Outcome> {
  const { api } = getServices(context);
  const base = { iuv: paid.iuv, loginHref: null, receiptHref: null };
  if (paid.system === "mypay") {
    const code = noticeCodeOfIuv(paid.iuv);
    const due = code ? await api.mypay.verificaAvviso(code) : null;
    if (!due) return { ...base, kind: "notFound" };
    const kind = decideOutcome(mypayPaymentStatus(due.stato), true, codEsito);
    // Paid: its receipt, as PPAY's (issue #40: "Conserva … la ricevuta" had none to keep).
    if (kind === "paid")
      return { ...base, kind: "payerPaid", receiptHref: href("/servizi/pagamento-esito/ricevuta") };
    return { ...base, kind };
  }
  const own = await ownPayerPosition(context, paid);
  if (own !== undefined) {
    const view = own && toPositionView(own);
    if (!view) return { ...base, kind: "notFound" };
    const kind = decideOutcome(view.status, view.hasReceipt, codEsito);
    const receiptHref =
      kind === "paid" ? href("/area-personale/pagamenti/:iuv/ricevuta", { iuv: paid.iuv }) : null;
    return {
      ...base,
      kind: kind === "paid" ? "payerPaid" : kind === "waiting" ? "payerWaiting" : kind,
      receiptHref,
    };
  }
  let position;
  try {
    position = await api.ppay.payerPosition(paid.taxCode, paid.iuv);
  } catch (error) {
    if (!isMissing(error) && !readRouteError(error, 405)) throw error;
    // No public read of a position (the published BFF): pagoPA's word, and what the payer will receive.
    const kind = codEsito === "000" ? "payerReported" : codEsito === "100" ? "cancelled" : "payerUnverified";
    const user = await api.getCurrentUser();
    return {
      ...base,
      kind,
      loginHref: user ? null : upstreamLoginHref(currentPathHref(url.pathname, url.search)),
    };
  }
  const view = position && toPositionView(position);
  if (!view) return { ...base, kind: "notFound" };
  const kind = decideOutcome(view.status, view.hasReceipt, codEsito);
  if (kind === "paid")
    return { ...base, kind: "payerPaid", receiptHref: href("/servizi/pagamento-esito/ricevuta") };
  return { ...base, kind: kind === "waiting" ? "payerWaiting" : kind };
}

/**
 * The PPAY position of the payment this browser sent, read as the logged-in citizen's own (or their delegator's,
 * acting for them on PPAY) when the payer's tax code is theirs; `undefined` when it is not (or nobody is logged in).
 */
async function ownPayerPosition(context: Context, paid: PaidState) {
  const user = await getServices(context).api.getCurrentUser();
  if (!user) return undefined;
  const subject = await ppaySubject(context, user.codFisc);
  if (normalizeFiscalCode(subject.codFisc) !== normalizeFiscalCode(paid.taxCode)) return undefined;
  try {
    return await ppayOf(context, subject).debtPosition(paid.iuv);
  } catch (error) {
    if (!isMissing(error)) throw error;
    return null;
  }
}

/**
 * `/servizi/pagamento-esito?iuv&codEsito&descEsito` (the pagoPA return): the query is untrusted. The browser that sent
 * the payment to pagoPA keeps its IUV (sealed `pay-outcome` flow state): it sees that IUV's state and receipt, logged
 * in or not, when the address names no other IUV. Otherwise the IUV is looked up among the logged-in citizen's own
 * PPAY positions, then among their own MYPAY positions (`posizioni/{cf}` with the session's fiscal code, never
 * `verificaAvviso` by an IUV of the address); only the upstream's state decides the outcome. Anonymous visitors
 * without that state see nothing of any due.
 */
export async function loadOutcome(context: Context, url: URL): Promise<Outcome> {
  const iuvParam = url.searchParams.get("iuv") ?? "";
  const iuv = IUV_PATTERN.test(iuvParam) ? iuvParam : null;
  const codEsito = url.searchParams.get("codEsito");
  const { api } = getServices(context);
  const paid = paidByThisBrowser(context);
  if (paid && (!iuv || iuv === paid.iuv)) return payerOutcome(context, paid, codEsito, url);
  const user = await api.getCurrentUser();
  if (!user) {
    return {
      kind: "anonymous",
      iuv,
      loginHref: upstreamLoginHref(currentPathHref(url.pathname, url.search)),
      receiptHref: null,
    };
  }
  const none = { iuv, loginHref: null, receiptHref: null };
  if (!iuv) return { ...none, kind: "notFound" };
  let position;
  const subject = await ppaySubjectOf(context, user.codFisc, iuv);
  try {
    // Acting for a delegator (issue #28): the delegator's position (the checkout paid it in their name), or the
    // citizen's own.
    position = await ppayOf(context, subject).debtPosition(iuv);
  } catch (error) {
    if (!isMissing(error)) throw error;
    position = null;
  }
  const view = position && toPositionView(position);
  if (view) {
    const kind = decideOutcome(view.status, view.hasReceipt, codEsito);
    const receiptHref = kind === "paid" ? href("/area-personale/pagamenti/:iuv/ricevuta", { iuv }) : null;
    const d = subject.delegation?.delegante;
    return { ...none, kind, receiptHref, delegator: d ? { nome: d.nome, cognome: d.cognome } : null };
  }
  // Not a PPAY position: a due paid through MYPAY (immediate payments), when the municipality has MYPAY.
  if (findAsset(await api.getTenantConfig(), "MYPAY")) {
    const due = (await api.mypay.posizioni(user.codFisc)).find((p) => p.iuv === iuv);
    if (due) {
      const kind = decideOutcome(mypayPaymentStatus(due.stato), true, codEsito);
      const receiptHref = kind === "paid" ? href("/area-personale/dovuti/:iuv/ricevuta", { iuv }) : null;
      return { ...none, kind, receiptHref };
    }
  }
  return { ...none, kind: "notFound" };
}

/**
 * `/servizi/pagamento-esito/ricevuta`: the receipt of the payment this browser sent to pagoPA (its sealed flow
 * state; PPAY's public read with the payer's tax code, MYPAY's by the notice code and the payer's tax code), as a
 * download; a 404 text when there is none (yet).
 */
export async function loadPayerReceipt(context: Context): Promise<Response> {
  const notFound = serverT(context, paymentsIt)("payments.file.notFound");
  const paid = paidByThisBrowser(context);
  if (!paid) return downloadRefusal(context, 404, notFound);
  const { api } = getServices(context);
  const code = paid.system === "mypay" ? noticeCodeOfIuv(paid.iuv) : null;
  if (paid.system === "mypay" && !code) return downloadRefusal(context, 404, notFound);
  return answerDownload(context, { notFound }, async () =>
    pdfResponse(
      code
        ? await api.mypay.ricevutaPagatore(code, paid.taxCode)
        : await api.ppay.payerReceipt(paid.taxCode, paid.iuv),
      `ricevuta-${paid.iuv}.pdf`,
    ),
  );
}
