import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { findAsset } from "#shared/api/tenant-config.ts";
import { fromNotifySms, toNotifySms } from "#shared/api/notify.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { validateForm, type FormValidation } from "#shared/validation/form.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { profileIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import { contactFlow, readOwnState, type ContactState } from "./flow-state.ts";
import { buildPreferenceGroups, readPreferences, type PreferenceGroups } from "./preferences.ts";
import { justDoneHeaders, justDoneNamed } from "#client/lib/just-done.server.ts";
import { checkCode, codeFormSchema, emailFormSchema, phoneText, sendCode } from "./profile.server.ts";

type Context = Readonly<RouterContextProvider>;
type Errors = Partial<Record<string, string>>;

export const PROFILE_MODES = ["email", "telefono", "elimina"] as const;
export type ProfileMode = (typeof PROFILE_MODES)[number];
export const PROFILE_OUTCOMES = [
  "contatti",
  "telefono-rimosso",
  "contatti-eliminati",
  "preferenze",
  "ricevute",
] as const;
export type ProfileOutcome = (typeof PROFILE_OUTCOMES)[number];

const profilePath = () => href("/area-personale/profilo-utente");
const modeHref = (mode: ProfileMode) => withQuery(profilePath(), { modifica: mode });
/** Back to the profile, whose notice names the change just made (vouched for by the just-done cookie, issue #40). */
const outcomeRedirect = (context: Context, outcome: ProfileOutcome, fragment?: string, headers?: Headers) =>
  redirect(withQuery(profilePath(), { esito: outcome }, fragment), {
    headers: justDoneHeaders(getServices(context).flow, "profileSaved", outcome, headers),
  });

function pick<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export async function loadProfile(context: Context, url: URL) {
  const { api } = getServices(context);
  const [user, config] = await Promise.all([getCitizen(context), api.getTenantConfig()]);
  const cf = user.codFisc;
  const identity = {
    nome: user.nome,
    cognome: user.cognome,
    codFisc: cf,
    email: user.email ?? null,
    phoneNumber: user.phoneNumber ?? null,
  };
  const outcome = pick(PROFILE_OUTCOMES, justDoneNamed(context, url, "esito", "profileSaved"));
  const hasProfile = Boolean(user.contatti?.email);
  if (!hasProfile) return { identity, hasProfile: false as const, outcome };

  const mode = pick(PROFILE_MODES, url.searchParams.get("modifica"));
  const flow = readOwnState(contactFlow, getServices(context).flow, cf);
  const pendingKind = mode === "email" ? "EMAIL" : mode === "telefono" ? "SMS" : null;
  const pending = flow && flow.pending.kind === pendingKind ? flow.pending : null;
  const hasPpay = Boolean(findAsset(config, "PPAY"));

  const [profile, groups, receipts, terms, attemptsLeft] = await Promise.all([
    api.notify.getContacts(cf).catch(() => null),
    Promise.all([api.notify.getServices(), api.notify.getPreferences(cf)])
      .then(([services, preferences]): PreferenceGroups | null =>
        buildPreferenceGroups(services, preferences, config),
      )
      .catch(() => null),
    hasPpay ? api.receiptStorage.get(cf).catch(() => null) : Promise.resolve(null),
    api.notify.getTerms().catch(() => null),
    mode === "telefono" ? api.otp.smsAttemptsLeft(cf).catch(() => null) : Promise.resolve(null),
  ]);
  return {
    identity,
    hasProfile: true as const,
    outcome,
    mode,
    pending,
    resent: url.searchParams.get("nuovo") === "1",
    cancelled: url.searchParams.get("annullato") === "1",
    contacts: {
      email: user.contatti?.email ?? "",
      phone: user.contatti?.sms ? fromNotifySms(user.contatti.sms) : null,
      language: profile?.language === "en_GB" ? ("en_GB" as const) : ("it_IT" as const),
    },
    termsAcceptedAt: profile?.terms?.accepted_at ?? null,
    terms,
    groups,
    hasPpay,
    receipts: receipts ? { flag: receipts.flag, since: receipts.dataUltimaVariazione ?? null } : null,
    attemptsLeft,
  };
}

/** What each intent's handler works with. */
type ProfileInput = {
  context: Context;
  form: FormData;
  cf: string;
  t: ReturnType<typeof serverT<[typeof profileIt]>>;
  validate: <S extends z.ZodType>(schema: S) => FormValidation<z.output<S>>;
};

const failed = (message: string, values: Record<string, string> = {}, status = 502) =>
  data({ errors: { form: message } as Errors, values }, { status });

/** One upstream change: on success the outcome it names, on an upstream failure its message (502). */
async function change(update: () => Promise<unknown>, failure: string, success: () => Response) {
  try {
    await update();
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    return failed(failure);
  }
  return success();
}

function savePreferences({ context, form, cf, t }: ProfileInput) {
  const { api } = getServices(context);
  return change(
    async () => api.notify.updatePreferences(cf, readPreferences(form, await api.notify.getServices())),
    t("profile.preferences.saveFailed"),
    () => outcomeRedirect(context, "preferenze", "preferenze"),
  );
}

function saveReceipts({ context, form, cf, t }: ProfileInput) {
  return change(
    () => getServices(context).api.receiptStorage.set(cf, form.get("receipts") === "on"),
    t("profile.receipts.saveFailed"),
    () => outcomeRedirect(context, "ricevute", "pagamenti"),
  );
}

function removePhone({ context, cf, t }: ProfileInput) {
  return change(
    () => getServices(context).api.notify.updateContacts(cf, { sms: null }),
    t("profile.contacts.saveFailed"),
    () => outcomeRedirect(context, "telefono-rimosso", "contatti"),
  );
}

function deleteContacts({ context, cf, t }: ProfileInput) {
  const { api, flow } = getServices(context);
  return change(
    () => api.notify.deleteUser(cf),
    t("profile.contacts.saveFailed"),
    () => outcomeRedirect(context, "contatti-eliminati", undefined, contactFlow.clear(flow)),
  );
}

/** "Modifica e-mail / telefono": the new contact checked, a code sent to it, the pending change kept. */
async function startChange({ context, form, cf, t, validate }: ProfileInput, isEmail: boolean) {
  const parsed = isEmail ? validate(emailFormSchema(t)) : validate(z.object({ phone: phoneText(t, true) }));
  if (!parsed.ok) return data({ errors: parsed.errors as Errors, values: parsed.submitted }, { status: 400 });
  const contact = "email" in parsed.values ? parsed.values.email : parsed.values.phone;
  const sent = await sendCode(context, cf, isEmail ? "EMAIL" : "SMS", contact);
  if ("error" in sent)
    return failed(sent.error, Object.fromEntries(form) as Record<string, string>, sent.status);
  const state: ContactState = { v: 1, cf, pending: sent.pending };
  return redirect(modeHref(isEmail ? "email" : "telefono"), {
    headers: contactFlow.save(getServices(context).flow, state),
  });
}

const modeOf = (state: ContactState): ProfileMode => (state.pending.kind === "EMAIL" ? "email" : "telefono");

/** The pending change of this citizen, or back to the profile when there is none. */
function pendingChange({ context, cf }: ProfileInput): ContactState {
  const state = readOwnState(contactFlow, getServices(context).flow, cf);
  if (!state) throw redirect(profilePath());
  return state;
}

/** "Cambia": the pending change dropped, the contact's form again. */
async function dropChange(input: ProfileInput) {
  const state = pendingChange(input);
  return redirect(modeHref(modeOf(state)), { headers: contactFlow.clear(getServices(input.context).flow) });
}

/** "Invia di nuovo": another code to the same contact. */
async function resendCode(input: ProfileInput) {
  const { context, cf } = input;
  const state = pendingChange(input);
  const sent = await sendCode(context, cf, state.pending.kind, state.pending.contact, state.pending);
  if ("error" in sent) return failed(sent.error, {}, sent.status);
  return redirect(withQuery(profilePath(), { modifica: modeOf(state), nuovo: 1 }), {
    headers: contactFlow.save(getServices(context).flow, { ...state, pending: sent.pending }),
  });
}

/** "Verifica": the code checked, then the contact saved in Notify. */
async function verifyChange(input: ProfileInput) {
  const { context, cf, t, validate } = input;
  const { api, flow, log } = getServices(context);
  const state = pendingChange(input);
  const parsed = validate(codeFormSchema(t));
  if (!parsed.ok) return data({ errors: parsed.errors as Errors, values: parsed.submitted }, { status: 400 });
  const problem = await checkCode(context, cf, state.pending, parsed.values.code);
  if (problem?.discarded) {
    // Too many wrong codes: the pending change is gone; the contact's form again, saying why.
    return redirect(withQuery(profilePath(), { modifica: modeOf(state), annullato: 1 }), {
      headers: contactFlow.clear(flow),
    });
  }
  if (problem)
    return data(
      { errors: { [problem.field]: problem.message } as Errors, values: {} },
      { status: problem.status },
    );
  try {
    const { kind, contact } = state.pending;
    await api.notify.updateContacts(
      cf,
      kind === "EMAIL" ? { email: contact } : { sms: toNotifySms(contact) },
    );
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ err: error }, "contacts update failed");
    return failed(t("profile.contacts.saveFailed"));
  }
  return outcomeRedirect(context, "contatti", "contatti", contactFlow.clear(flow));
}

const INTENTS: Record<string, (input: ProfileInput) => Promise<Response | ReturnType<typeof failed>>> = {
  preferences: savePreferences,
  receipts: saveReceipts,
  "remove-phone": removePhone,
  delete: deleteContacts,
  "change-email": (input) => startChange(input, true),
  "change-phone": (input) => startChange(input, false),
  change: dropChange,
  resend: resendCode,
  verify: verifyChange,
};

export async function profileAction(context: Context, request: Request) {
  const user = await getCitizen(context);
  const { form } = await parseForm(request, context, z.object({}));
  const intent = form.get("intent");
  const handler = typeof intent === "string" && Object.hasOwn(INTENTS, intent) ? INTENTS[intent] : undefined;
  if (!handler) return redirect(profilePath());
  const locale = getServices(context).locale;
  return handler({
    context,
    form,
    cf: user.codFisc,
    t: serverT(context, profileIt),
    validate: (schema) => validateForm(form, schema, locale),
  });
}
