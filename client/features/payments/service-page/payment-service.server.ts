import { redirect, type RouterContextProvider } from "react-router";
import { findAsset } from "#shared/api/tenant-config.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { routeError } from "#shared/route-error.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { paymentsIt } from "../texts.ts";
import { href } from "#client/lib/links.ts";
import { getServices } from "#client/lib/services.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import {
  isMypayPayerWritten,
  isPayerWritten,
  mypaySpontaneousCodes,
  ppaySpontaneousCodes,
} from "../payer-written.server.ts";
import { toPositionView, type PositionView } from "../position-view.ts";
import {
  actingForChoice,
  ppayOf,
  ppaySubject,
  requireDelegatedService,
  type PpaySubject,
} from "#client/lib/acting-for/index.server.ts";
import { requireServiceCatalogue } from "#client/lib/service-catalogue.server.ts";
import {
  findPaymentService,
  mypayPositionView,
  PAYMENT_SERVICE_NOT_FOUND,
  pageOf,
  readServicePaymentsQuery,
  type PaymentService,
} from "./payment-service.ts";

/**
 * The payment service `id`: a 404 route error when it is not a PPAY/MYPAY service of the catalogue, the "servizio
 * non disponibile" page when the municipality has not enabled its payment system.
 */
export async function requirePaymentService(
  context: Readonly<RouterContextProvider>,
  id: string,
): Promise<PaymentService> {
  const config = await getServices(context).api.getTenantConfig();
  requireServiceCatalogue(context, config);
  const service = findPaymentService(config, id);
  if (!service) {
    throw routeError(404, {
      title: serverT(context, paymentsIt)("payments.service.notFound.title"),
      kind: PAYMENT_SERVICE_NOT_FOUND,
    });
  }
  if (!findAsset(config, service.asset)) throw redirect(href("/servizio-non-disponibile"));
  return service;
}

/** PPAY positions of the service's `codiceVersamento` (all the citizen's when the service has none). */
async function ppayPositions(
  context: Readonly<RouterContextProvider>,
  subject: PpaySubject,
  type: string | null,
) {
  const [page, spontaneous] = await Promise.all([
    ppayOf(context, subject).debtPositions({ currentPage: 1, elements: 100, sort: "-iuv" }),
    ppaySpontaneousCodes(context),
  ]);
  return page.debtPositions
    .filter((p) => !type || p.codiceVersamento === type)
    .map((p) => toPositionView(p, undefined, isPayerWritten(spontaneous, p.codiceVersamento)))
    .filter((p) => p !== null);
}

async function mypayPositions(
  context: Readonly<RouterContextProvider>,
  codFisc: string,
  type: string | null,
) {
  const [positions, spontaneous] = await Promise.all([
    getServices(context).api.mypay.posizioni(codFisc),
    mypaySpontaneousCodes(context),
  ]);
  return positions
    .filter((p) => !type || p.codTipo === type)
    .map((p) => mypayPositionView(p, undefined, isMypayPayerWritten(spontaneous, p)));
}

export type ServicePositions =
  { status: "ok"; items: PositionView[]; total: number; page: number; pages: number } | { status: "failed" };

/**
 * `/servizi/pagamenti/:id`: the service, and for a logged-in citizen its positions of that payment type (IUV
 * descending, paged, filtered); a failed list is `failed` and the page still renders. Anonymous: the login link.
 */
export async function loadPaymentServicePage(context: Readonly<RouterContextProvider>, id: string, url: URL) {
  const service = await requirePaymentService(context, id);
  const query = readServicePaymentsQuery(url);
  const user = await getServices(context).api.getCurrentUser();
  if (!user) {
    return {
      service,
      query,
      positions: null,
      loginHref: upstreamLoginHref(currentPathHref(url.pathname, url.search)),
      actingFor: null,
      delegator: null,
    };
  }
  // Acting for a delegator (issue #28): their positions, on the delegated service's page only.
  const subject = service.asset === "PPAY" ? await ppaySubject(context, user.codFisc) : null;
  if (subject) requireDelegatedService(context, subject, service.id);
  const actingFor =
    service.asset === "PPAY" ? await actingForChoice(context, Number(service.id), "PPAY") : null;
  let positions: ServicePositions;
  try {
    const all = subject
      ? await ppayPositions(context, subject, service.paymentType)
      : await mypayPositions(context, user.codFisc, service.paymentType);
    positions = { status: "ok", ...pageOf(all, query) };
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    positions = { status: "failed" };
  }
  const delegante = subject?.delegation?.delegante;
  const delegator = delegante ? { nome: delegante.nome, cognome: delegante.cognome } : null;
  return { service, query, positions, loginHref: null, actingFor, delegator };
}
