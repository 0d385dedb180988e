import { createHash } from "node:crypto";
import { data, redirect, type RouterContextProvider } from "react-router";
import { ONE_TIME_CODE_PATTERN } from "#shared/validation/one-time-code.ts";
import { z } from "zod";
import type { NewTicket, NewTicketAttachment } from "#shared/api/crm.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import type { FieldErrors } from "#shared/validation/form.ts";
import { validateForm } from "#shared/validation/form.ts";
import { matches, required, text } from "#shared/validation/rules.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { assistanceIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { getServices } from "#client/lib/services.ts";
import { otpGuard, type OtpBinding } from "#client/lib/otp-guard.server.ts";
import { mergeHeaders } from "#client/lib/flow.server.ts";
import { isUnsureFailure, WriteFailure } from "#client/lib/write-once.server.ts";
import { publicTicketWrites } from "#client/lib/ticket-writes.server.ts";
import { assistFlow, feedbackFlow } from "./flow-state.ts";
import { deletePending } from "./pending-store.server.ts";
import { storeDown, storeRefusal } from "#client/lib/transient-store.server.ts";
import { buildTicket, type RequestValues } from "./request-model.ts";
import {
  loadLists,
  readValues,
  requestGone,
  requestHref,
  storedAttachment,
  verifyHref,
} from "./request-common.server.ts";

/*
 * An anonymous request's e-mail verification (spec: the assistance request without a login): the step's page, the
 * code asked for and sent again, checked, the request sent once it matches, or discarded. The form's side is
 * ./request.server.ts.
 */

type Context = Readonly<RouterContextProvider>;

/**
 * The e-mail code step of an anonymous request: only with its state (else the form). A state that cannot be trusted
 * (another owner's, tampered, expired), a request discarded after too many wrong codes (a replayed cookie too) or
 * values no longer kept: the form, saying so.
 */
export async function loadVerify(context: Context, url: URL) {
  const read = assistFlow.read(getServices(context).flow);
  if (read.problem) requestGone(context);
  const state = read.state;
  if (!state) throw redirect(requestHref());
  if (await otpGuard.isDiscarded(state.ref)) requestGone(context);
  const values = await readValues(context, state);
  if (!values) requestGone(context);
  return {
    step: "verify",
    anonymous: true,
    verify: {
      email: values.email,
      sent: state.sent,
      resent: url.searchParams.get("nuovo") === "1",
      request: requestDigest(state.ref),
    },
  } as const;
}

/**
 * What the code's form says of the request it confirms (its `richiesta` field): a digest of the flow's ref, which
 * the outcome's mark records, so that a second "Verifica" posted after the first's answer (the flow cleared) finds
 * that outcome rather than "no longer available".
 */
function requestDigest(ref: string): string {
  return createHash("sha256").update(ref).digest("base64url").slice(0, 16);
}

/** The outcome of the request this form confirmed, when this browser's last request was it and is over. */
function outcomeOf(context: Context, form: FormData): string | null {
  const over = feedbackFlow.read(getServices(context).flow).state;
  const posted = form.get("richiesta");
  if (!over?.sent || !over.type || typeof posted !== "string" || posted !== over.sent) return null;
  return withQuery(href("/feedback"), { feedbackType: over.type });
}

export type VerifyIntent = "codice" | "reinvia" | "verifica" | "annulla";

/**
 * The anonymous request being verified: its state and values, and what its code is bound to (the fiscal code and
 * e-mail the ticket names); null when it is gone or was discarded.
 */
async function readVerification(context: Context) {
  const state = assistFlow.read(getServices(context).flow).state;
  if (!state || (await otpGuard.isDiscarded(state.ref))) return null;
  const values = await readValues(context, state);
  if (!values) return null;
  const binding: OtpBinding = {
    cf: values.codiceFiscale.toUpperCase(),
    kind: "EMAIL",
    contact: values.email,
  };
  return { state, values, binding };
}

type Verification = NonNullable<Awaited<ReturnType<typeof readVerification>>>;

const failed = (message: string, status: number, field: "form" | "codice" = "form") =>
  data({ errors: { [field]: message } as FieldErrors }, { status });

/** "Invia codice" / "Invia di nuovo": the e-mail's code asked for, within the guard's and the address's limits. */
async function sendCode(context: Context, { state, binding }: Verification, resend: boolean) {
  const t = serverT(context, assistanceIt);
  const { api, flow, log, otp } = getServices(context);
  const send = await otpGuard.beginSend(state.ref, binding, { exclusive: true });
  if (!send.ok) {
    if (send.reason === "busy")
      return failed(t("assistance.verify.busy", { count: Math.ceil(send.waitS / 60) }), 429);
    if (send.reason === "wait") return failed(t("assistance.verify.resendWait", { count: send.waitS }), 429);
    if (send.reason === "resends") return failed(t("assistance.verify.resendLimit"), 429);
    return failed(t("assistance.verify.expiredFlow"), 400);
  }
  const limit = await otp.attemptSend(binding.contact);
  if (!limit.allowed) {
    await send.undo();
    return failed(t("assistance.verify.sendLimit", { count: Math.ceil(limit.retryAfterS / 60) }), 429);
  }
  try {
    await api.otp.request({ codiceFiscale: binding.cf, tipoRichiesta: "EMAIL", contatto: binding.contact });
  } catch (error) {
    await send.undo();
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ err: error }, "assistance otp request failed");
    return failed(t("assistance.verify.sendCodeFailed"), 502);
  }
  return redirect(verifyHref(resend ? { nuovo: "1" } : {}), {
    headers: assistFlow.save(flow, { ...state, sent: true }),
  });
}

/** Too many wrong codes: the request is discarded (a replayed cookie too) with its file, the form says so. */
async function discardRequest(context: Context, { state, values, binding }: Verification) {
  await otpGuard.discard(state.ref, binding);
  await deletePending(state.valuesRef);
  await deletePending(values.allegatoRef);
  return redirect(withQuery(requestHref(), { annullata: "1" }), {
    headers: assistFlow.clear(getServices(context).flow),
  });
}

/**
 * The ticket of an anonymous request, built again from what was typed: the service and sub-service as the CRM lists
 * them now, the attachment from the store (never sent without it). A message when it cannot be built.
 */
async function rebuildTicket(
  context: Context,
  values: RequestValues,
): Promise<{ ticket: NewTicket } | { message: string; status: number }> {
  const t = serverT(context, assistanceIt);
  const lists = await loadLists(context, values.servizio);
  const service = lists.services.find((s) => String(s.id) === values.servizio);
  const subService = lists.subServices.find((s) => String(s.id) === values.tipologia);
  if (lists.failed || !service || !subService)
    return { message: t("assistance.verify.sendFailed"), status: 502 };
  let attachment: NewTicketAttachment | null = null;
  if (values.allegatoRef) {
    attachment = await storedAttachment(context, values.allegatoRef).catch(storeDown(context));
    if (!attachment)
      return { message: t("assistance.attachmentExpired", { name: values.allegatoNome }), status: 409 };
  }
  return { ticket: buildTicket({ values, service, subService, recognised: false, attachment }) };
}

/** The code the requester types: the digits of the e-mailed code (`ONE_TIME_CODE_PATTERN`). */
function codeSchema(messages: { required: string; format: string }) {
  return z.object({
    codice: text(required(messages.required), matches(ONE_TIME_CODE_PATTERN, messages.format)),
  });
}

/** "Verifica": the code typed counted as a try, then the ticket sent with it (a wrong code leaves fewer tries). */
async function checkCode(context: Context, form: FormData, verification: Verification) {
  const { state, values, binding } = verification;
  const t = serverT(context, assistanceIt);
  const { api, log, locale } = getServices(context);
  const parsed = validateForm(
    form,
    codeSchema({ required: t("assistance.required"), format: t("assistance.verify.codeFormat") }),
    locale,
  );
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  const built = await rebuildTicket(context, values);
  if ("message" in built) return failed(built.message, built.status);
  // The try is counted before the upstream is asked (it caps nothing itself).
  const attempt = await otpGuard.beginTry(state.ref, binding);
  if (!attempt.ok) {
    if (attempt.reason === "exhausted") return discardRequest(context, verification);
    return failed(t("assistance.verify.noCode"), 400);
  }
  let written;
  try {
    // At most once per pending request (ticket-writes.server.ts): the BFF spends the code before it forwards the
    // ticket, and a submission whose answer never came is never sent again.
    written = await publicTicketWrites.run(context, {
      key: state.ticketKey,
      create: async () => {
        const outcome = await api.crm.createPublicTicket(built.ticket, {
          code: parsed.values.codice,
          cf: binding.cf,
        });
        if (outcome === "auth-failed") throw new WriteFailure("auth-failed", false);
        return { sentAt: Date.now() };
      },
    });
  } catch (error) {
    if (error instanceof WriteFailure) {
      const { discarded, left } = await attempt.done("wrong");
      if (discarded) return discardRequest(context, verification);
      return failed(t("assistance.verify.wrong", { left }), 400, "codice");
    }
    // An outage is not a wrong code: the try is given back.
    await attempt.done("outage");
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ err: error }, "public ticket creation failed");
    // No answer: the ticket may exist, and nothing can tell; the request is closed, never sent again.
    if (isUnsureFailure(error)) return closeUnsure(context, verification);
    return failed(t("assistance.verify.sendFailed"), 502);
  }
  if (written.status === "pending") return failed(t("assistance.sendPending"), 409);
  if (written.status === "unknown") return closeUnsure(context, verification);
  if (written.status === "refused") {
    const { status, message } = storeRefusal(context, written.refusal);
    return failed(message, status);
  }
  await attempt.done("valid");
  return requestOver(context, verification, "ticketNoAuth");
}

/**
 * The request is over (sent, or its fate unknown): its kept values and file go, the flow's cookie too, and the
 * feedback page says which (to the e-mail address it names).
 */
async function requestOver(
  context: Context,
  { state, values }: Verification,
  feedbackType: "ticketNoAuth" | "ticketUnsure",
) {
  const { flow } = getServices(context);
  await deletePending(state.valuesRef);
  await deletePending(values.allegatoRef);
  const headers = mergeHeaders(
    assistFlow.clear(flow),
    feedbackFlow.save(flow, {
      v: 1,
      email: values.email,
      sent: requestDigest(state.ref),
      type: feedbackType,
    }),
  );
  return redirect(withQuery(href("/feedback"), { feedbackType }), { headers });
}

/**
 * An anonymous request whose sending got no answer: it may be in the CRM (whose answer will come to the e-mail
 * address), the portal cannot tell and never sends it again. The request and its file go; the page says so.
 */
async function closeUnsure(context: Context, verification: Verification) {
  await otpGuard.discard(verification.state.ref, verification.binding);
  return requestOver(context, verification, "ticketUnsure");
}

export async function verifyAction(context: Context, form: FormData, intent: VerifyIntent) {
  const verification = await readVerification(context);
  if (!verification) {
    const outcome = intent === "verifica" ? outcomeOf(context, form) : null;
    if (outcome) return redirect(outcome);
    const t = serverT(context, assistanceIt);
    return data(
      { errors: { form: t("assistance.verify.expiredFlow") } as FieldErrors, expired: true },
      { status: 400 },
    );
  }
  if (intent === "annulla") {
    const { flow } = getServices(context);
    return redirect(requestHref(), {
      headers: assistFlow.save(flow, { ...verification.state, sent: false }),
    });
  }
  if (intent === "codice" || intent === "reinvia")
    return sendCode(context, verification, intent === "reinvia");
  return checkCode(context, form, verification);
}
