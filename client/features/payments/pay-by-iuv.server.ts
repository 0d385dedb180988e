import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { IUV_PATTERN } from "#shared/api/ppay.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { readRouteError, routeError } from "#shared/route-error.ts";
import type { FieldErrors } from "#shared/validation/form.ts";
import { oneOf, required, text } from "#shared/validation/rules.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { paymentsIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getServices } from "#client/lib/services.ts";
import { isPayerWritten, ppaySpontaneousCodes } from "./payer-written.server.ts";
import { toPositionView } from "./position-view.ts";
import { endedDelegation, ppayOf, ppaySubjectOf } from "#client/lib/acting-for/index.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The citizen's position with this IUV, or the page's 404 "Posizione debitoria non trovata". */
async function findOwnPosition(context: Context, iuv: string | undefined) {
  const t = serverT(context, paymentsIt);
  const notFound = () =>
    routeError(404, { title: t("payments.iuv.notFound"), details: [t("payments.iuv.notFoundDetails")] });
  if (!iuv || !IUV_PATTERN.test(iuv)) throw notFound();
  const user = await getCitizen(context);
  // Acting for a delegator (issue #28): their position, of the delegated payment type only; or the citizen's own.
  const subject = await ppaySubjectOf(context, user.codFisc, iuv);
  let position;
  try {
    position = await ppayOf(context, subject).debtPosition(iuv);
  } catch (error) {
    if (readRouteError(error, 404) || readRouteError(error, 400) || readRouteError(error, 403))
      throw notFound();
    throw error;
  }
  const spontaneous = position ? await ppaySpontaneousCodes(context) : null;
  const view =
    position && toPositionView(position, undefined, isPayerWritten(spontaneous, position.codiceVersamento));
  if (!view) throw notFound();
  const payer = subject.delegation
    ? { ...subject.delegation.delegante, codFisc: subject.codFisc, email: null }
    : {
        nome: user.nome,
        cognome: user.cognome,
        codFisc: user.codFisc,
        email: user.contatti?.email ?? user.email ?? null,
      };
  return { subject, payer, view };
}

/**
 * `/area-personale/pagamento-iuv/:iuv`: step 1 the PPAY privacy notice with its required checkbox, step 2
 * (`?passo=riepilogo`, reached only through step 1's post) the summary and "Paga con pagoPA".
 */
export async function loadPayByIuv(context: Context, iuv: string | undefined, url: URL) {
  const found = await findOwnPosition(context, iuv).catch((error: unknown) => {
    // The delegator's position, asked after their delegation ended (issue #40): the page says whose it was and leads
    // to the citizen's own payments, rather than "not found".
    const ended = readRouteError(error, 404) ? endedDelegation(context, "PPAY") : null;
    if (!ended) throw error;
    return { ended: { nome: ended.nome, cognome: ended.cognome } };
  });
  if ("ended" in found) return { step: "ended", ended: found.ended } as const;
  const { payer, view } = found;
  const step = url.searchParams.get("passo") === "riepilogo" && view.payable ? "summary" : "privacy";
  let policy: string | null = null;
  if (step === "privacy" && view.payable) {
    try {
      policy = await getServices(context).api.ppay.policy();
    } catch (error) {
      if (!isUpstreamFailure(error)) throw error;
    }
  }
  return {
    step,
    position: view,
    policy,
    payer: { nome: payer.nome, cognome: payer.cognome, email: payer.email, codFisc: payer.codFisc },
  } as const;
}

const PrivacySchema = (message: string) =>
  z.object({ intent: oneOf(["privacy", "paga"]), privacy: text(required(message)) });

/**
 * Step 1's post checks the privacy checkbox (400 with the error, or 303 to the summary); step 2's post asks PPAY for
 * the payment URL and sends the browser there (303). The same IUV gets the same URL while it is open, so a double
 * submit cannot open two payments; the button is locked while the post is on its way.
 */
export async function payByIuvAction(context: Context, request: Request, iuv: string | undefined) {
  const t = serverT(context, paymentsIt);
  const parsed = await parseForm(request, context, PrivacySchema(t("payments.iuv.privacyRequired")));
  const { subject, view } = await findOwnPosition(context, iuv);
  const self = href("/area-personale/pagamento-iuv/:iuv", { iuv: view.iuv });
  if (!parsed.ok) {
    // The summary's form always carries the acceptance: without it, back to the privacy step.
    if (parsed.submitted.intent === "paga") throw redirect(self, 303);
    return data({ errors: parsed.errors as FieldErrors, payFailed: false }, { status: 400 });
  }
  if (!view.payable) throw redirect(self, 303);
  if (parsed.values.intent === "privacy") throw redirect(withQuery(self, { passo: "riepilogo" }), 303);
  let paymentUrl: string;
  try {
    paymentUrl = await ppayOf(context, subject).paymentUrl(view.iuv);
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    return data({ errors: {} as FieldErrors, payFailed: true }, { status: 502 });
  }
  throw redirect(paymentUrl, 303);
}
