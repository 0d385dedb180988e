import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { addDaysToDay, formatDay, todayInRome } from "#shared/dates.ts";
import { fiscalCodeText, maxLength, oneOf, required, text } from "#shared/validation/rules.ts";
import { sameFiscalCode } from "#shared/validation/fiscal-code.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { withoutAttempt } from "#client/lib/flow.server.ts";
import type { FlowRoute, StepForm } from "#client/lib/flow-route.server.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getServices } from "#client/lib/services.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { isActingForService } from "#client/lib/acting-for/index.server.ts";
import type { PersonState, ServicesState } from "./flow-state.ts";
import { delegheIt } from "./texts.ts";
import { isUnsureFailure, type WriteOutcome } from "#client/lib/write-once.server.ts";
import { storeRefusal } from "#client/lib/transient-store.server.ts";

/*
 * What the new online delegation and the request with documents share on the server: the delegable services, the
 * end date's limits, the person's and the services' steps (the first two of both step tables), the step page's data
 * and the final submit's refusal.
 */

type Context = Readonly<RouterContextProvider>;

/** Tomorrow and the last day allowed (`delegheMaxDays` from today, 365 when the configuration says nothing). */
export async function dateLimits(context: Context): Promise<{ min: string; max: string }> {
  const config = await getServices(context).api.getTenantConfig();
  const days = config.comune.assets.find((a) => a.codice === "DELEGHE")?.delegheMaxDays ?? 365;
  const today = todayInRome();
  return { min: addDaysToDay(today, 1), max: addDaysToDay(today, days) };
}

/**
 * The services a new delegation may name: the delegable ones the delegate can then use for the delegator (payments,
 * appointments; docs/decisions/acting-for.md).
 */
export async function delegableServices(context: Context) {
  const config = await getServices(context).api.getTenantConfig();
  return config.dettagli
    .filter(isActingForService)
    .map((d) => ({ id: d.idServizio, titolo: d.titolo, note: d.noteDelega ?? null }));
}

/** The services (with their notes) and the end date's limits every step page shows. */
export async function newDelegaExtras(context: Context) {
  return { services: await delegableServices(context), limits: await dateLimits(context) };
}

/** The other person: a valid fiscal code that is not the citizen's own (`ownMessage`), name and surname. */
export async function personSchema(context: Context, ownMessage: string) {
  const own = (await getCitizen(context)).codFisc;
  return z.object({
    codiceFiscale: fiscalCodeText(required()).refine((cf) => !sameFiscalCode(cf, own), { error: ownMessage }),
    nome: text(required(), maxLength(100)),
    cognome: text(required(), maxLength(100)),
  });
}

/** The delegable services (at least one), the end date within the limits, the policy accepted. */
export async function servicesSchema(context: Context) {
  const t = serverT(context, delegheIt);
  const { services, limits } = await newDelegaExtras(context);
  const ids = services.map((s) => s.id);
  return z.object({
    servizi: z.preprocess(
      (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(z.string().refine((id) => ids.includes(id)))
        .min(1, { error: t("deleghe.new.servicesRequired") }),
    ),
    scadenza: text(required()).refine(
      (d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d >= limits.min && d <= limits.max,
      // The last day as the field's hint writes it (issue #40: the message showed the ISO date).
      { error: t("deleghe.new.endDateInvalid", { max: formatDay(limits.max, getServices(context).locale) }) },
    ),
    accetto: oneOf(["on"], t("deleghe.new.policyRequired")),
  });
}

/** A step's form that did not pass: its messages and what was typed, 400. */
export function invalidStep(parsed: {
  errors: Partial<Record<string, string>>;
  submitted: Record<string, string>;
}) {
  return data({ errors: parsed.errors, submitted: parsed.submitted }, { status: 400 });
}

/**
 * A step page's data in both flows (the route's `page`): the step resolved, the services and limits, the policy on
 * the services' step.
 */
export async function loadStepPage<S extends { attempt?: string }, Step extends string>(
  context: Context,
  url: URL,
  route: FlowRoute<S, Step>,
) {
  const { flow: cookies, api } = getServices(context);
  const { headers, state, startedOver, ...page } = route.page(cookies, url);
  const policy = page.step === "servizi" ? await api.deleghe.policy().catch(() => null) : null;
  // The attempt key stays in the sealed cookie, never in the page's data.
  return data(
    {
      ...page,
      expired: startedOver,
      state: withoutAttempt(state),
      ...(await newDelegaExtras(context)),
      policy,
    },
    { headers },
  );
}

/** The other person's step (the first of both flows): where its state keeps the person, the message for one's own code. */
export function personStep<S extends Partial<Record<"delegato" | "delegante", PersonState>>>(
  context: Context,
  request: Request,
  person: {
    key: "delegato" | "delegante";
    ownMessage: "deleghe.new.fiscalCodeOwn" | "deleghe.request.fiscalCodeOwn";
  },
) {
  return async ({ state, save }: StepForm<S, string>) => {
    const schema = await personSchema(context, serverT(context, delegheIt)(person.ownMessage));
    const parsed = await parseForm(request, context, schema);
    return parsed.ok ? save({ ...state, [person.key]: parsed.values }, parsed.form) : invalidStep(parsed);
  };
}

/** The services' step, the same in both flows: the services, the end date, the policy accepted. */
export function servicesStep<S extends ServicesState>(context: Context, request: Request) {
  return async ({ state, save }: StepForm<S, string>) => {
    const parsed = await parseForm(request, context, await servicesSchema(context));
    if (!parsed.ok) {
      // The boxes ticked come back ticked (`submitted` keeps one text per name).
      const chosen = parsed.form.getAll("servizi").filter((v) => typeof v === "string");
      return data({ errors: parsed.errors, submitted: parsed.submitted, chosen }, { status: 400 });
    }
    const { servizi, scadenza } = parsed.values;
    return save({ ...state, servizi, scadenza, accepted: true }, parsed.form);
  };
}

/**
 * The final submit's outcome when it created nothing here (write-once): still waiting for an earlier submission
 * (409), or the shared store refusing the claim; else null (created, or an earlier submission's).
 */
export function pendingOrRefused(
  context: Context,
  written: WriteOutcome<unknown>,
  pendingKey: "deleghe.new.pending" | "deleghe.request.pending",
) {
  if (written.status === "pending" || written.status === "unknown")
    return data(
      { errors: {}, submitted: {}, failed: serverT(context, delegheIt)(pendingKey) },
      { status: 409 },
    );
  if (written.status === "refused") {
    const { status, message } = storeRefusal(context, written.refusal);
    return data({ errors: {}, submitted: {}, failed: message }, { status });
  }
  return null;
}

/** The final submit refused by the upstream (400/422: its details) or failed (502): the message on the summary. */
export function sendFailure(
  context: Context,
  error: unknown,
  keys: {
    refused: "deleghe.new.refused" | "deleghe.request.refused";
    failed: "deleghe.new.failed" | "deleghe.request.failed";
  },
) {
  if (!isUpstreamFailure(error)) throw error;
  const t = serverT(context, delegheIt);
  getServices(context).log.warn({ status: error.data.status }, "delegation creation failed");
  const refused = error.data.status === 400 || error.data.status === 422;
  const details = refused ? error.data.details.join("; ") : "";
  // No answer: it may have been made; a new "Invia" looks for it before sending it again (delega-writes.server.ts).
  const unsure = isUnsureFailure(error);
  const message = refused ? t(keys.refused, { details }) : unsure ? t("deleghe.new.unsure") : t(keys.failed);
  return data({ errors: {}, submitted: {}, failed: message }, { status: refused ? 400 : unsure ? 504 : 502 });
}
