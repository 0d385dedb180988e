import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { findAsset } from "#shared/api/tenant-config.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { formatEuroCents } from "#shared/payments.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { routeError } from "#shared/route-error.ts";
import { amountField, MAX_AMOUNT_CENTS, type AmountProblem } from "#shared/validation/amount.ts";
import { validateForm, type FieldErrors, type FormValidation } from "#shared/validation/form.ts";
import { payerTaxIdText, type PayerTaxIdProblem } from "#shared/validation/payer-tax-id.ts";
import { email, maxLength, oneOf, required, text } from "#shared/validation/rules.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { spontaneousIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getServices } from "#client/lib/services.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { mergeHeaders } from "#client/lib/flow.server.ts";
import { defineFlowRoute, type StepForm } from "#client/lib/flow-route.server.ts";
import { keepNotice, paymentWrites, type AttemptOutcome } from "./attempts.server.ts";
import { WriteFailure } from "#client/lib/write-once.server.ts";
import { UNSURE_OUTCOME } from "./urls.ts";
import {
  noticeCookie,
  paidCookie,
  spontaneousFlows,
  type NoticeState,
  type PaidState,
  type SpontaneousMode,
  type SpontaneousState,
  type SystemSegment,
} from "./flow-state.ts";
import type { SpontaneousStep } from "./steps.ts";
import type { Payer, PaymentTypeOption } from "./payment-system.server.ts";
import { systemFor } from "./systems.server.ts";
import { NOTICE_GONE } from "./notice-gone.ts";
import { readLocation, spontaneousHref } from "./urls.ts";
import { storeOwner, storeRefusal } from "#client/lib/transient-store.server.ts";

export { readLocation, spontaneousHref };

type Context = Readonly<RouterContextProvider>;

/**
 * The tax code sent for a payer without an Italian one: the PPAY/MYPAY asset's `codiceFiscaleAnonimo` (the sandbox
 * configures it), else this placeholder.
 */
export const DEFAULT_PLACEHOLDER_TAX_CODE = "XXXXXXXXXXXXXXXX";

/** Layout middleware: the municipality must have the system's asset (PPAY or MYPAY). */
export async function requireSystemAsset(context: Context, url: URL): Promise<void> {
  const { system } = readLocation(url);
  const config = await getServices(context).api.getTenantConfig();
  if (!findAsset(config, systemFor(system).asset)) throw redirect(href("/servizio-non-disponibile"));
}

/** The layout's data: anonymous visitors get the login link that comes back here. */
export async function loadSpontaneousLayout(context: Context, url: URL) {
  const user = await getServices(context).api.getCurrentUser();
  return { loginHref: user ? null : upstreamLoginHref(currentPathHref(url.pathname, url.search)) };
}

async function placeholderTaxCode(context: Context, system: SystemSegment): Promise<string> {
  const config = await getServices(context).api.getTenantConfig();
  return findAsset(config, systemFor(system).asset)?.codiceFiscaleAnonimo ?? DEFAULT_PLACEHOLDER_TAX_CODE;
}

/** The first step not completed yet (the summary when everything is there). */
function firstIncomplete(system: SystemSegment, state: SpontaneousState): SpontaneousStep {
  return spontaneousFlows[system].firstIncomplete(state);
}

/**
 * The payment's steps as a step table (client/lib/flow-route.server.ts), one per system and mode: privacy, type,
 * payer, amount, summary; the summary gives the attempt its key.
 */
function spontaneousRoute(system: SystemSegment, mode: SpontaneousMode) {
  return defineFlowRoute<SpontaneousState, SpontaneousStep>(spontaneousFlows[system], {
    path: spontaneousHref(system, mode),
    start: () => ({ v: 1 }),
  });
}

async function listTypes(context: Context, system: SystemSegment) {
  const result = await systemFor(system).listTypes(getServices(context).api);
  return result.ok ? result.value : null;
}

/** The logged-in citizen as a locked natural-person payer (the e-mail stays editable), or null when anonymous. */
async function identityPayer(context: Context) {
  const user = await getServices(context).api.getCurrentUser();
  if (!user) return null;
  return {
    firstName: user.nome,
    lastName: user.cognome,
    taxCode: user.codFisc.toUpperCase(),
    email: user.contatti?.email ?? user.email ?? "",
  };
}

/** One step of the stepper: what it shows, never past the first step not completed yet. */
export async function loadSpontaneousFlow(context: Context, url: URL) {
  const { system, mode } = readLocation(url);
  if (!mode) throw redirect(spontaneousHref(system, null));
  const { api, flow } = getServices(context);
  const { step, state, startedOver, fromSummary, headers } = spontaneousRoute(system, mode).page(flow, url);
  const identity = await identityPayer(context);
  let policy: string | null = null;
  let types: PaymentTypeOption[] | null = [];
  let typesFailed = false;
  const query = (url.searchParams.get("cerca") ?? "").trim().slice(0, 60);
  if (step === "privacy") {
    try {
      policy = await api.ppay.policy();
    } catch (error) {
      if (!isUpstreamFailure(error)) throw error;
    }
  }
  if (step === "tipologia") {
    types = await listTypes(context, system);
    typesFailed = types === null;
  }
  const needle = query.toLowerCase();
  const shownTypes = (types ?? []).filter((t) => !needle || t.label.toLowerCase().includes(needle));
  return data(
    {
      system,
      mode,
      step,
      restarted: startedOver,
      fromSummary,
      policy,
      typesFailed,
      types: shownTypes,
      allTypes: types ?? [],
      query,
      identity,
      state: {
        privacy: state.privacy ?? false,
        type: state.type ?? null,
        typeNotes: (types ?? []).find((t) => t.code === state.type?.code)?.notes ?? null,
        note: state.note ?? "",
        payer: state.payer ?? null,
        noTaxId: state.noTaxId ?? false,
        amountCents: state.amountCents ?? null,
      },
    },
    { headers },
  );
}

export type SpontaneousFlowData = Awaited<ReturnType<typeof loadSpontaneousFlow>>["data"];

type Failure = {
  errors: FieldErrors;
  values: Record<string, string>;
  failed: null | "pay" | "notice" | "types" | "limited" | "pending";
};

const fail = (
  errors: FieldErrors,
  values: Record<string, string>,
  status = 400,
  failed: Failure["failed"] = null,
  headers?: Record<string, string>,
) => data<Failure>({ errors, values, failed }, { status, headers });

/** What every step handler of the action works with. */
type StepInput = {
  context: Context;
  system: SystemSegment;
  mode: SpontaneousMode;
  state: SpontaneousState;
  t: ReturnType<typeof serverT<[typeof spontaneousIt]>>;
  /** The posted form checked against a schema, in the page's language. */
  check: <S extends z.ZodType>(schema: S) => FormValidation<z.output<S>>;
  /** The values typed, trimmed, sent back with an error. */
  submitted: Record<string, string>;
  /** Saves the next state (a new attempt) and goes on to the next step (the summary after its "Modifica"). */
  save: (next: SpontaneousState) => Response;
};

type StepResult = Response | ReturnType<typeof fail>;

/** A step the route's resolution does not let a state without `what` reach. */
function reached<T>(what: T | undefined): T {
  if (what === undefined) throw new Error("a spontaneous payment's step reached without the steps before it");
  return what;
}

async function privacyStep({ t, check, submitted, state, save }: StepInput): Promise<StepResult> {
  const parsed = check(z.object({ privacy: text(required(t("payments.spont.privacyRequired"))) }));
  if (!parsed.ok) return fail(parsed.errors, submitted);
  return save({ ...state, privacy: true });
}

async function typeStep(input: StepInput): Promise<StepResult> {
  const { context, system, state, t, check, submitted, save } = input;
  const types = await listTypes(context, system);
  if (!types) return fail({}, submitted, 503, "types");
  const chosen = types.find((type) => type.code === submitted.typeCode);
  const parsed = check(
    z.object({
      typeCode: text(required(t("payments.spont.type.required"))).refine(() => chosen !== undefined, {
        error: t("payments.spont.type.required"),
      }),
      note: text(
        ...(chosen?.notesRequired ? [required(t("payments.spont.type.noteRequired"))] : []),
        maxLength(500, t("payments.spont.type.noteTooLong")),
      ),
    }),
  );
  if (!parsed.ok || !chosen) return fail(parsed.ok ? {} : parsed.errors, submitted);
  return save({
    ...state,
    type: {
      code: chosen.code,
      label: chosen.label,
      ...(chosen.maxCents ? { maxCents: chosen.maxCents } : {}),
    },
    note: parsed.values.note || undefined,
  });
}

type Identity = Awaited<ReturnType<typeof identityPayer>>;

/** The payer step's schema: a logged-in citizen only confirms an e-mail; anyone else names a person or a company. */
function payerSchema(t: StepInput["t"], identity: Identity, kind: string | undefined, noTaxId: boolean) {
  const taxMessages: Record<PayerTaxIdProblem, string> = {
    length: t("payments.spont.payer.taxCodeLength"),
    fiscalCode: t("payments.spont.payer.taxCodeInvalidCf"),
    vatNumber: t("payments.spont.payer.taxCodeInvalidVat"),
  };
  return z
    .object({
      kind: identity ? z.unknown().optional() : oneOf(["F", "G"], t("payments.spont.payer.kindRequired")),
      firstName: kind === "F" && !identity ? text(required(), maxLength(100)) : z.unknown().optional(),
      lastName: kind === "F" && !identity ? text(required(), maxLength(100)) : z.unknown().optional(),
      companyName: kind === "G" ? text(required(), maxLength(200)) : z.unknown().optional(),
      email: text(required(), email(), maxLength(254)),
      emailRepeat: identity?.email ? text() : text(required()),
      taxCode:
        identity || noTaxId
          ? z.unknown().optional()
          : payerTaxIdText(t("payments.spont.payer.taxCodeRequired"), taxMessages),
    })
    .superRefine((v, ctx) => {
      const a = typeof v.email === "string" ? v.email.toLowerCase() : "";
      const b = typeof v.emailRepeat === "string" ? v.emailRepeat.toLowerCase() : "";
      // The logged-in citizen's own e-mail needs no repeating; another address does.
      if (identity?.email && a === identity.email.toLowerCase()) return;
      if (identity?.email && !b)
        ctx.addIssue({ code: "custom", path: ["emailRepeat"], message: t("field.requiredMessage") });
      else if (b && a !== b)
        ctx.addIssue({
          code: "custom",
          path: ["emailRepeat"],
          message: t("payments.spont.payer.emailMismatch"),
        });
    });
}

async function payerStep(input: StepInput): Promise<StepResult> {
  const { context, system, state, t, check, submitted, save } = input;
  const identity = await identityPayer(context);
  const noTaxId = !identity && submitted.noTaxId === "1";
  const kind = identity ? "F" : submitted.kind;
  const parsed = check(payerSchema(t, identity, kind, noTaxId));
  if (!parsed.ok) return fail(parsed.errors, submitted);
  const v = parsed.values as Record<string, string>;
  const taxCode = identity
    ? identity.taxCode
    : noTaxId
      ? await placeholderTaxCode(context, system)
      : v.taxCode!;
  const payer: Payer = identity
    ? { kind: "F", firstName: identity.firstName, lastName: identity.lastName, taxCode, email: v.email! }
    : kind === "G"
      ? { kind: "G", companyName: v.companyName!, taxCode, email: v.email! }
      : { kind: "F", firstName: v.firstName!, lastName: v.lastName!, taxCode, email: v.email! };
  return save({ ...state, payer, noTaxId: noTaxId || undefined });
}

const AMOUNT_PROBLEMS: AmountProblem[] = [
  "required",
  "spaces",
  "negative",
  "format",
  "separators",
  "decimals",
  "zero",
  "tooLarge",
];

async function amountStep(input: StepInput): Promise<StepResult> {
  const { context, state, t, check, submitted, save } = input;
  const maxCents = reached(state.type).maxCents ?? MAX_AMOUNT_CENTS;
  const messages = Object.fromEntries(
    AMOUNT_PROBLEMS.map((problem) => [problem, t(`payments.spont.amount.${problem}`)]),
  ) as Record<AmountProblem, string>;
  const parsed = check(
    z.object({
      amount: amountField({
        maxCents,
        maxLabel: formatEuroCents(maxCents, getServices(context).locale),
        messages,
      }),
    }),
  );
  if (!parsed.ok) return fail(parsed.errors, submitted);
  return save({ ...state, amountCents: parsed.values.amount });
}

type ReadyState = SpontaneousState &
  Required<Pick<SpontaneousState, "attempt" | "type" | "payer" | "amountCents">>;

/**
 * Sends the attempt at most once (client/lib/write-once.server.ts; a re-post with the same key gets the same answer,
 * and one whose answer never came is never sent again): a pagoPA URL, or a notice kept.
 */
/** Why a creation was not sent: an anonymous client's quota of positions (`PAYMENT_CREATE_PER_CLIENT`) is used up. */
type CreationLimited = { reason: "limited"; retryAfterS: number };

function sendAttempt({ context, system, mode }: StepInput, state: ReadyState, anonymous: boolean) {
  const paymentSystem = systemFor(system);
  const { api, payments } = getServices(context);
  const request = {
    typeCode: state.type.code,
    note: state.note,
    amountCents: state.amountCents,
    payer: state.payer,
  };
  return paymentWrites.run(context, {
    key: `${system}:${mode}:${state.attempt}`,
    create: async (): Promise<AttemptOutcome> => {
      // Anonymous visitors name any payer: how many positions one address may create is limited. Counted only when a
      // position is about to be created: a replay of the same attempt (a double click, a reload) costs nothing.
      if (anonymous) {
        const verdict = await payments.attemptAnonymousCreate();
        if (!verdict.allowed)
          throw new WriteFailure<CreationLimited>(
            { reason: "limited", retryAfterS: verdict.retryAfterS },
            false,
          );
      }
      if (mode === "online") {
        const paid = await paymentSystem.payOnline(api, request);
        if (!paid.ok) throw new WriteFailure(paid, paid.unsure === true);
        return { kind: "online", ...paid.value };
      }
      const notice = await paymentSystem.createNotice(api, request);
      if (!notice.ok) throw new WriteFailure(notice, notice.unsure === true);
      const { pdf, codiceAvviso, iuv } = notice.value;
      // The position exists: without room for its PDF the outcome still names its notice code (the PDF is "gone").
      const token = await keepNotice(
        { pdf, codiceAvviso, amountCents: state.amountCents },
        storeOwner(context),
      );
      return { kind: "notice", iuv, codiceAvviso, token: token ?? "" };
    },
  });
}

/** Where the browser goes after a sent attempt: pagoPA (remembering the IUV) or the notice's outcome page. */
function afterAttempt({ context, system }: StepInput, state: ReadyState, outcome: AttemptOutcome): never {
  const cookies = getServices(context).flow;
  if (outcome.kind === "online") {
    // The browser that pays remembers the IUV: the outcome page shows its state and receipt, logged in or not.
    const paid: PaidState = { v: 1, system, iuv: outcome.iuv, taxCode: state.payer.taxCode };
    throw redirect(outcome.paymentUrl, { status: 303, headers: paidCookie.save(cookies, paid) });
  }
  const notice: NoticeState = {
    v: 1,
    token: outcome.token,
    codiceAvviso: outcome.codiceAvviso,
    amountCents: state.amountCents,
    system,
  };
  const headers = mergeHeaders(noticeCookie.save(cookies, notice), spontaneousFlows[system].clear(cookies));
  throw redirect(href("/avviso-pagamento/esito"), { status: 303, headers });
}

function isReady(system: SystemSegment, state: SpontaneousState): state is ReadyState {
  return (
    firstIncomplete(system, state) === "riepilogo" &&
    !!state.attempt &&
    !!state.type &&
    !!state.payer &&
    !!state.amountCents
  );
}

async function payStep(input: StepInput): Promise<StepResult> {
  const { context, system, mode, state, submitted } = input;
  // Reached without its key (a post that did not come from the summary's page): the summary, which gives one.
  if (!isReady(system, state)) throw redirect(spontaneousRoute(system, mode).href("riepilogo"), 303);
  const failedKind = mode === "online" ? "pay" : "notice";
  let written;
  try {
    written = await sendAttempt(input, state, !(await identityPayer(context)));
  } catch (error) {
    if (!(error instanceof WriteFailure)) throw error;
    if (error.unsure) unsureAttempt(input);
    const failure = error.failure as CreationLimited | { reason: "not-found" | "rejected" | "unavailable" };
    // The anonymous quota used up: 429, the summary kept as typed.
    if (failure.reason === "limited")
      return fail({}, submitted, 429, "limited", { "Retry-After": String(failure.retryAfterS) });
    return fail({}, submitted, failure.reason === "unavailable" ? 503 : 502, failedKind);
  }
  switch (written.status) {
    case "created":
    case "replayed":
      return afterAttempt(input, state, written.result);
    case "pending":
      return fail({}, submitted, 409, "pending");
    case "unknown":
      return unsureAttempt(input);
    case "refused":
      return fail({}, submitted, storeRefusal(context, written.refusal).status, failedKind);
  }
}

/**
 * The payment system did not answer the creation (now or on an earlier submission of this attempt): the position
 * may exist, and neither system lets the portal find it, so it is never sent again. The flow goes (a new payment is
 * a new attempt, the citizen's choice) and the payment's home says what happened and what to expect.
 */
function unsureAttempt({ context, system, mode }: StepInput): never {
  const headers = spontaneousFlows[system].clear(getServices(context).flow);
  throw redirect(withQuery(spontaneousHref(system, null), { esito: UNSURE_OUTCOME, modo: mode }), {
    status: 303,
    headers,
  });
}

/**
 * Each step posts to its own address: the step is checked (400 with Italian messages and the values typed), saved in
 * the flow state, and the browser goes on to the next step (303). The summary's "Paga" sends the attempt (at most
 * once, by its attempt key from the flow state) to the payment system: online → 303 to the pagoPA URL, notice → the
 * PDF kept under a token, 303 to `/avviso-pagamento/esito`. Upstream failures answer 502/503 on the same step, with
 * everything typed kept in the flow state.
 */
export async function spontaneousAction(context: Context, request: Request) {
  const url = new URL(request.url);
  const { system, mode } = readLocation(url);
  if (!mode) throw redirect(spontaneousHref(system, null), 303);
  const { form } = await parseForm(request, context, z.object({}));
  const locale = getServices(context).locale;
  const submitted: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") submitted[name] = value.trim();
  const t = serverT(context, spontaneousIt);
  const step =
    (handler: (input: StepInput) => Promise<StepResult>) =>
    ({ state, save }: StepForm<SpontaneousState, SpontaneousStep>) =>
      handler({
        context,
        system,
        mode,
        state,
        t,
        check: (schema) => validateForm(form, schema, locale),
        submitted,
        save: (next) => save(next, form),
      });
  return spontaneousRoute(system, mode).action(getServices(context).flow, request, {
    privacy: step(privacyStep),
    tipologia: step(typeStep),
    dati: step(payerStep),
    importo: step(amountStep),
    riepilogo: step(payStep),
  });
}

/** `/avviso-pagamento/esito`: the notice this browser generated last (its sealed cookie), or a 404 "non più disponibile". */
export async function loadNoticeOutcome(context: Context) {
  const t = serverT(context, spontaneousIt);
  const notice = noticeCookie.read(getServices(context).flow).state;
  if (!notice)
    throw routeError(404, {
      title: t("payments.spont.outcome.notFound"),
      details: [t("payments.spont.outcome.notFoundText")],
      kind: NOTICE_GONE,
    });
  return {
    codiceAvviso: notice.codiceAvviso,
    amountCents: notice.amountCents,
    system: notice.system,
  };
}
