import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { toNotifySms } from "#shared/api/notify.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { validateForm } from "#shared/validation/form.ts";
import { required, text } from "#shared/validation/rules.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { profileIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import { justDoneHeaders } from "#client/lib/just-done.server.ts";
import { STARTED_OVER, wasStartedOver } from "#client/lib/flow.server.ts";
import {
  areContactsVerified,
  newWizardState,
  nextToVerify,
  readOwnState,
  withVerified,
  wizardFlow,
  type WizardState,
} from "./flow-state.ts";
import type { WizardStep } from "./steps.ts";
import { buildPreferenceGroups, readPreferences } from "./preferences.ts";
import { checkCode, codeFormSchema, emailFormSchema, phoneText, sendCode } from "./profile.server.ts";

type Context = Readonly<RouterContextProvider>;
type Errors = Partial<Record<string, string>>;

const stepHref = (step: WizardStep) =>
  withQuery(href("/area-personale/profilo-utente/componi"), { passo: step });

async function readState(context: Context): Promise<{ cf: string; state: WizardState }> {
  const user = await getCitizen(context);
  const own = readOwnState(wizardFlow, getServices(context).flow, user.codFisc);
  return { cf: user.codFisc, state: own ?? newWizardState(user.codFisc) };
}

/** A state that cannot be trusted (another citizen's, after a logout, included) shows nothing: the first step, saying so. */
function restartUntrusted(context: Context) {
  const { flow } = getServices(context);
  if (wizardFlow.read(flow).problem)
    throw redirect(
      withQuery(href("/area-personale/profilo-utente/componi"), { passo: "informativa", ...STARTED_OVER }),
      {
        headers: wizardFlow.clear(flow),
      },
    );
}

function save(context: Context, state: WizardState, target: string) {
  return redirect(target, { headers: wizardFlow.save(getServices(context).flow, state) });
}

export async function loadWizard(context: Context, url: URL) {
  const { api } = getServices(context);
  const user = await getCitizen(context);
  restartUntrusted(context);
  const { state } = await readState(context);
  const step = wizardFlow.resolveStep(url.searchParams.get("passo"), state);
  let terms: string | null = null;
  let termsFailed = false;
  if (step === "informativa") {
    try {
      terms = await api.notify.getTerms();
    } catch {
      termsFailed = true;
    }
  }
  let groups = null;
  let attemptsLeft: number | null = null;
  if (step === "preferenze" || step === "riepilogo") {
    const [services, config] = await Promise.all([api.notify.getServices(), api.getTenantConfig()]);
    groups = buildPreferenceGroups(services, state.preferences ?? {}, config);
  }
  if (step === "contatti" && state.pending?.kind === "SMS") {
    attemptsLeft = await api.otp.smsAttemptsLeft(user.codFisc).catch(() => null);
  }
  return {
    step,
    identity: { nome: user.nome, cognome: user.cognome, codFisc: user.codFisc },
    accepted: state.accepted,
    email: state.email ?? user.email ?? "",
    phone: state.phone ?? "",
    verifiedEmail: areContactsVerified(state) ? (state.email ?? null) : null,
    verifiedPhone: areContactsVerified(state) ? (state.phone ?? null) : null,
    pending: step === "contatti" ? (state.pending ?? null) : null,
    resent: url.searchParams.get("nuovo") === "1",
    cancelled: url.searchParams.get("annullato") === "1",
    restarted: wasStartedOver(url),
    terms,
    termsFailed,
    groups,
    attemptsLeft,
  };
}

/** Asks for the next code the contacts need, or moves on to the preferences when everything is verified. */
async function continueContacts(context: Context, cf: string, state: WizardState) {
  const next = nextToVerify(state);
  if (!next) return save(context, { ...state, pending: undefined }, stepHref("preferenze"));
  const sent = await sendCode(context, cf, next.kind, next.contact);
  if ("error" in sent) {
    return data(
      { errors: { form: sent.error } as Errors, values: { email: state.email, phone: state.phone } },
      {
        status: sent.status,
        headers: wizardFlow.save(getServices(context).flow, { ...state, pending: undefined }),
      },
    );
  }
  return save(context, { ...state, pending: sent.pending }, stepHref("contatti"));
}

export async function wizardAction(context: Context, request: Request) {
  const t = serverT(context, profileIt);
  const { api } = getServices(context);
  const { cf, state } = await readState(context);
  const { form } = await parseForm(request, context, z.object({}));
  const intent = form.get("intent");
  const validate = <S extends z.ZodType>(schema: S) =>
    validateForm(form, schema, getServices(context).locale);

  if (intent === "privacy") {
    const parsed = validate(z.object({ accept: text(required(t("profile.wizard.acceptRequired"))) }));
    if (!parsed.ok)
      return data({ errors: parsed.errors as Errors, values: parsed.submitted }, { status: 400 });
    return save(context, { ...state, accepted: true }, stepHref("contatti"));
  }
  if (!state.accepted) return redirect(stepHref("informativa"));

  if (intent === "contacts") {
    const schema = emailFormSchema(t).and(z.object({ phone: phoneText(t, false) }));
    const parsed = validate(schema);
    if (!parsed.ok)
      return data({ errors: parsed.errors as Errors, values: parsed.submitted }, { status: 400 });
    const { email, phone } = parsed.values;
    return continueContacts(context, cf, { ...state, email, phone: phone || undefined, pending: undefined });
  }
  if (intent === "verify" || intent === "resend" || intent === "change")
    return verifyContact(context, cf, state, intent, validate);
  if (!areContactsVerified(state)) return redirect(stepHref("contatti"));

  if (intent === "preferences") {
    const services = await api.notify.getServices();
    return save(context, { ...state, preferences: readPreferences(form, services) }, stepHref("riepilogo"));
  }
  if (intent === "confirm") return confirmWizard(context, cf, state);
  return redirect(stepHref(wizardFlow.resolveStep(null, state)));
}

type Validate = <S extends z.ZodType>(schema: S) => ReturnType<typeof validateForm<S>>;

/** The contacts step's code: check it, send it again, or change the contact. */
async function verifyContact(
  context: Context,
  cf: string,
  state: WizardState,
  intent: "verify" | "resend" | "change",
  validate: Validate,
) {
  const t = serverT(context, profileIt);
  const pending = state.pending;
  if (!pending || intent === "change")
    return save(context, { ...state, pending: undefined }, stepHref("contatti"));
  if (intent === "resend") {
    const sent = await sendCode(context, cf, pending.kind, pending.contact, pending);
    if ("error" in sent)
      return data({ errors: { form: sent.error } as Errors, values: {} }, { status: sent.status });
    return save(
      context,
      { ...state, pending: sent.pending },
      withQuery(href("/area-personale/profilo-utente/componi"), { passo: "contatti", nuovo: 1 }),
    );
  }
  const parsed = validate(codeFormSchema(t));
  if (!parsed.ok) return data({ errors: parsed.errors as Errors, values: parsed.submitted }, { status: 400 });
  const problem = await checkCode(context, cf, pending, parsed.values.code);
  if (problem?.discarded) {
    // Too many wrong codes: the pending verification is gone; the contacts step again, saying why.
    return save(
      context,
      { ...state, pending: undefined },
      withQuery(href("/area-personale/profilo-utente/componi"), { passo: "contatti", annullato: 1 }),
    );
  }
  if (problem)
    return data(
      { errors: { [problem.field]: problem.message } as Errors, values: {} },
      { status: problem.status },
    );
  return continueContacts(context, cf, withVerified(state, pending));
}

/** The summary's "Conferma": terms, contacts and preferences saved upstream, then the flow is over. */
async function confirmWizard(context: Context, cf: string, state: WizardState) {
  const t = serverT(context, profileIt);
  const { api, log } = getServices(context);
  if (state.preferences === undefined) return redirect(stepHref("preferenze"));
  try {
    await api.notify.acceptTerms(cf);
    await api.notify.updateContacts(cf, {
      email: state.email!,
      sms: state.phone ? toNotifySms(state.phone) : null,
      language: getServices(context).locale === "en" ? "en_GB" : "it_IT",
    });
    await api.notify.updatePreferences(cf, state.preferences);
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ err: error }, "profile wizard failed");
    return data({ errors: { form: t("profile.wizard.failed") } as Errors, values: {} }, { status: 502 });
  }
  const { flow } = getServices(context);
  return redirect(href("/area-personale/profilo-utente/componi/successo"), {
    headers: justDoneHeaders(flow, "profile", cf.toUpperCase(), wizardFlow.clear(flow)),
  });
}
