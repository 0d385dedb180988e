import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { toNotifySms } from "#shared/api/notify.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { validateForm } from "#shared/validation/form.ts";
import { required, text } from "#shared/validation/rules.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { profileIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import { justDoneHeaders, justSentBy } from "#client/lib/just-done.server.ts";
import { defineFlowRoute, type StepForm } from "#client/lib/flow-route.server.ts";
import {
  areContactsVerified,
  newWizardState,
  nextToVerify,
  withVerified,
  wizardFlow,
  type WizardState,
} from "./flow-state.ts";
import type { WizardStep } from "./steps.ts";
import { buildPreferenceGroups, readPreferences } from "./preferences.ts";
import { checkCode, codeFormSchema, emailFormSchema, phoneText, sendCode } from "./profile.server.ts";

type Context = Readonly<RouterContextProvider>;
type Errors = Partial<Record<string, string>>;
type Step<K extends WizardStep> = StepForm<WizardState, K>;

const WIZARD_DONE = href("/area-personale/profilo-utente/componi/successo");

/**
 * The wizard's route (client/lib/flow-route.server.ts): a new state is the citizen's; the confirmation's writes are
 * idempotent (terms, contacts and preferences put again), so the summary needs no attempt key.
 */
const wizardRoute = (cf: string) =>
  defineFlowRoute(wizardFlow, {
    path: href("/area-personale/profilo-utente/componi"),
    start: () => newWizardState(cf),
    summaryKey: false,
    sent: (cookies) => {
      const done = justSentBy(cookies, "profile");
      return done && { outcome: WIZARD_DONE, version: done.sent };
    },
  });

/** The step's page: the terms on the first, the code waiting on the contacts, the preferences on the last two. */
export async function loadWizard(context: Context, url: URL) {
  const { api, flow } = getServices(context);
  const user = await getCitizen(context);
  const { step, state, startedOver, headers } = wizardRoute(user.codFisc).page(flow, url);
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
  const verified = areContactsVerified(state);
  return data(
    {
      step,
      identity: { nome: user.nome, cognome: user.cognome, codFisc: user.codFisc },
      accepted: state.accepted,
      email: state.email ?? user.email ?? "",
      phone: state.phone ?? "",
      verifiedEmail: verified ? (state.email ?? null) : null,
      verifiedPhone: verified ? (state.phone ?? null) : null,
      pending: step === "contatti" ? (state.pending ?? null) : null,
      resent: url.searchParams.get("nuovo") === "1",
      cancelled: url.searchParams.get("annullato") === "1",
      restarted: startedOver,
      terms,
      termsFailed,
      groups,
      attemptsLeft,
    },
    { headers },
  );
}

/** Each step's form: the privacy, the contacts and their codes, the preferences, the summary's "Conferma". */
export async function wizardAction(context: Context, request: Request) {
  const { api, flow } = getServices(context);
  const { codFisc: cf } = await getCitizen(context);
  const { form } = await parseForm(request, context, z.object({}));
  const validate: Validate = (schema) => validateForm(form, schema, getServices(context).locale);
  return wizardRoute(cf).action(flow, request, {
    informativa: ({ state, save }) => {
      const t = serverT(context, profileIt);
      const parsed = validate(z.object({ accept: text(required(t("profile.wizard.acceptRequired"))) }));
      if (!parsed.ok) return invalid(parsed);
      return save({ ...state, accepted: true }, form);
    },
    contatti: (step) => contactsStep(context, cf, form.get("intent"), validate, step),
    preferenze: async ({ state, save }) => {
      const services = await api.notify.getServices();
      return save({ ...state, preferences: readPreferences(form, services) }, form);
    },
    riepilogo: ({ state }) => confirmWizard(context, cf, state),
  });
}

/** A form that failed its schema: the messages and what was typed, 400. */
function invalid(parsed: { errors: Errors; submitted: Record<string, unknown> }) {
  return data({ errors: parsed.errors, values: parsed.submitted }, { status: 400 });
}

/** The contacts step's forms: the contacts typed, then each new contact's code (check, send again, change). */
async function contactsStep(
  context: Context,
  cf: string,
  intent: FormDataEntryValue | null,
  validate: Validate,
  step: Step<"contatti">,
) {
  if (intent === "verify" || intent === "resend" || intent === "change")
    return verifyContact(context, cf, intent, validate, step);
  const t = serverT(context, profileIt);
  const parsed = validate(emailFormSchema(t).and(z.object({ phone: phoneText(t, false) })));
  if (!parsed.ok) return invalid(parsed);
  const { email, phone } = parsed.values;
  const state = { ...step.state, email, phone: phone || undefined, pending: undefined };
  return continueContacts(context, cf, { ...step, state });
}

/** Asks for the next code the contacts need, or moves on to the preferences when everything is verified. */
async function continueContacts(context: Context, cf: string, { state, save, stay }: Step<"contatti">) {
  const next = nextToVerify(state);
  if (!next) return save({ ...state, pending: undefined }, new FormData());
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
  return stay({ ...state, pending: sent.pending });
}

type Validate = <S extends z.ZodType>(schema: S) => ReturnType<typeof validateForm<S>>;

/** The contacts step's code: check it, send it again, or change the contact. */
async function verifyContact(
  context: Context,
  cf: string,
  intent: "verify" | "resend" | "change",
  validate: Validate,
  step: Step<"contatti">,
) {
  const t = serverT(context, profileIt);
  const { state, stay } = step;
  const pending = state.pending;
  if (!pending || intent === "change") return stay({ ...state, pending: undefined });
  if (intent === "resend") {
    const sent = await sendCode(context, cf, pending.kind, pending.contact, pending);
    if ("error" in sent)
      return data({ errors: { form: sent.error } as Errors, values: {} }, { status: sent.status });
    return stay({ ...state, pending: sent.pending }, { nuovo: 1 });
  }
  const parsed = validate(codeFormSchema(t));
  if (!parsed.ok) return invalid(parsed);
  const problem = await checkCode(context, cf, pending, parsed.values.code);
  // Too many wrong codes: the pending verification is gone; the contacts step again, saying why.
  if (problem?.discarded) return stay({ ...state, pending: undefined }, { annullato: 1 });
  if (problem)
    return data(
      { errors: { [problem.field]: problem.message } as Errors, values: {} },
      { status: problem.status },
    );
  return continueContacts(context, cf, { ...step, state: withVerified(state, pending) });
}

/** The summary's "Conferma": terms, contacts and preferences saved upstream, then the flow is over. */
async function confirmWizard(context: Context, cf: string, state: WizardState) {
  const t = serverT(context, profileIt);
  const { api, log } = getServices(context);
  // The summary is reached only with the preferences chosen (the route's step resolution).
  if (state.preferences === undefined) throw new Error("the profile wizard's summary without preferences");
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
  const sent = wizardRoute(cf).sentVersion(state);
  return redirect(WIZARD_DONE, {
    headers: justDoneHeaders(flow, "profile", cf.toUpperCase(), wizardFlow.clear(flow), sent),
  });
}
