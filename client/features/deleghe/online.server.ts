import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { fiscalCodeText, maxLength, oneOf, required, text } from "#shared/validation/rules.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { isFromSummary, mergeHeaders } from "#client/lib/flow.server.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getServices } from "#client/lib/services.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { createOnlineState, onlineFlow, onlineSentCookie, type OnlineState } from "./flow-state.ts";
import type { OnlineStep } from "./steps.ts";
import { delegheIt } from "./texts.ts";

type Context = Readonly<RouterContextProvider>;

const stepHref = (step: OnlineStep) =>
  withQuery(href("/area-personale/deleghe/nuova/online"), { passo: step });

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Tomorrow and the last day allowed (`delegheMaxDays` from today, 365 when the configuration says nothing). */
async function dateLimits(context: Context): Promise<{ min: string; max: string }> {
  const config = await getServices(context).api.getTenantConfig();
  const days = config.comune.assets.find((a) => a.codice === "DELEGHE")?.delegheMaxDays ?? 365;
  const now = Date.now();
  return { min: isoDay(new Date(now + 86_400_000)), max: isoDay(new Date(now + days * 86_400_000)) };
}

async function delegableServices(context: Context) {
  const config = await getServices(context).api.getTenantConfig();
  return config.dettagli
    .filter((d) => d.delegabile)
    .map((d) => ({ id: d.idServizio, titolo: d.titolo, note: d.noteDelega ?? null }));
}

/** The step's page: the state so far, the services, the limits, the policy; redirects to the step reached. */
export async function loadOnline(context: Context, url: URL) {
  const { flow, api } = getServices(context);
  const read = onlineFlow.read(flow);
  const state = read.state ?? createOnlineState();
  const requested = url.searchParams.get("passo");
  const step = onlineFlow.resolveStep(requested, state, undefined);
  if (read.problem || !read.state) {
    // A tampered, invalid or expired state starts over (saying so when it was there); a fresh one is saved.
    const headers = onlineFlow.save(flow, state);
    if (requested !== "delegato")
      throw redirect(withQuery(stepHref("delegato"), { scaduta: read.problem ? "1" : undefined }), {
        headers,
      });
    return data(
      {
        step,
        state,
        ...(await extras(context)),
        expired: url.searchParams.get("scaduta") === "1",
        policy: null,
      },
      { headers },
    );
  }
  if (requested !== step) throw redirect(stepHref(step));
  const policy = step === "servizi" ? await api.deleghe.policy().catch(() => null) : null;
  return {
    step,
    state,
    ...(await extras(context)),
    expired: url.searchParams.get("scaduta") === "1",
    policy,
  };
}

async function extras(context: Context) {
  return { services: await delegableServices(context), limits: await dateLimits(context) };
}

/** Each step's form; the summary's sends the delegation. */
export async function onlineAction(context: Context, request: Request) {
  const { flow, api, log } = getServices(context);
  const t = serverT(context, delegheIt);
  const read = onlineFlow.read(flow);
  if (!read.state) throw redirect(withQuery(stepHref("delegato"), { scaduta: "1" }));
  const state = read.state;
  const url = new URL(request.url);
  const step = onlineFlow.resolveStep(url.searchParams.get("passo"), state, undefined);
  const save = async (next: OnlineState, fromSummary: boolean) =>
    redirect(stepHref(onlineFlow.nextStep(step, next, undefined, fromSummary)), {
      headers: onlineFlow.save(flow, next),
    });
  if (step === "delegato") {
    const own = (await getCitizen(context)).codFisc.toUpperCase();
    const schema = z.object({
      codiceFiscale: fiscalCodeText(required()).refine((cf) => cf !== own, {
        error: t("deleghe.new.fiscalCodeOwn"),
      }),
      nome: text(required(), maxLength(100)),
      cognome: text(required(), maxLength(100)),
    });
    const parsed = await parseForm(request, context, schema);
    if (!parsed.ok) return data({ errors: parsed.errors, submitted: parsed.submitted }, { status: 400 });
    return save({ ...state, delegato: parsed.values }, isFromSummary(parsed.form));
  }
  if (step === "servizi") {
    const services = await delegableServices(context);
    const limits = await dateLimits(context);
    const ids = services.map((s) => s.id);
    const schema = z.object({
      servizi: z.preprocess(
        (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
        z
          .array(z.string().refine((id) => ids.includes(id)))
          .min(1, { error: t("deleghe.new.servicesRequired") }),
      ),
      scadenza: text(required()).refine(
        (d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d >= limits.min && d <= limits.max,
        {
          error: t("deleghe.new.endDateInvalid", { max: limits.max }),
        },
      ),
      accetto: oneOf(["on"], t("deleghe.new.policyRequired")),
    });
    const parsed = await parseForm(request, context, schema);
    if (!parsed.ok) return data({ errors: parsed.errors, submitted: parsed.submitted }, { status: 400 });
    return save(
      { ...state, servizi: parsed.values.servizi, scadenza: parsed.values.scadenza, accepted: true },
      isFromSummary(parsed.form),
    );
  }
  // The summary: send it.
  await parseForm(request, context, z.object({}));
  const { delegato, servizi, scadenza } = state;
  if (!delegato || !servizi || !scadenza)
    throw redirect(stepHref(onlineFlow.firstIncomplete(state, undefined)));
  try {
    const created = await api.deleghe.create({
      delegato,
      servizi: servizi.map(Number),
      dataScadenza: scadenza,
    });
    log.info({ delegation: created.uuidDelega }, "delegation created online");
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ status: error.data.status }, "delegation creation failed");
    const refused = error.data.status === 400 || error.data.status === 422;
    const details = refused ? error.data.details.join("; ") : "";
    return data(
      {
        errors: {},
        submitted: {},
        failed: refused ? t("deleghe.new.refused", { details }) : t("deleghe.new.failed"),
      },
      { status: refused ? 400 : 502 },
    );
  }
  throw redirect(href("/area-personale/deleghe/nuova/successo"), {
    headers: mergeHeaders(
      onlineFlow.clear(flow),
      onlineSentCookie.save(flow, { nome: delegato.nome, cognome: delegato.cognome }),
    ),
  });
}
