import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { serverT } from "#client/i18n/server-t.ts";
import { isFromSummary, mergeHeaders } from "#client/lib/flow.server.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getServices } from "#client/lib/services.ts";
import { createOnlineState, onlineFlow, onlineSentCookie, type OnlineState } from "./flow-state.ts";
import {
  invalidStep,
  newDelegaExtras,
  personSchema,
  resolveStepPage,
  sendFailure,
  servicesSchema,
} from "./new-delega.server.ts";
import type { OnlineStep } from "./steps.ts";
import { delegheIt } from "./texts.ts";

type Context = Readonly<RouterContextProvider>;

const stepHref = (step: OnlineStep) =>
  withQuery(href("/area-personale/deleghe/nuova/online"), { passo: step });

/** The step's page: the state so far, the services, the limits, the policy; redirects to the step reached. */
export async function loadOnline(context: Context, url: URL) {
  const { flow, api } = getServices(context);
  const page = resolveStepPage(onlineFlow, flow, url, () => createOnlineState(), stepHref);
  const policy = page.step === "servizi" ? await api.deleghe.policy().catch(() => null) : null;
  const { headers, ...rest } = page;
  return data({ ...rest, ...(await newDelegaExtras(context)), policy }, { headers });
}

/** Each step's form; the summary's sends the delegation. */
export async function onlineAction(context: Context, request: Request) {
  const { flow } = getServices(context);
  const read = onlineFlow.read(flow);
  if (!read.state) throw redirect(withQuery(stepHref("delegato"), { scaduta: "1" }));
  const state = read.state;
  const step = onlineFlow.resolveStep(new URL(request.url).searchParams.get("passo"), state, undefined);
  const save = (next: OnlineState, form: FormData) =>
    redirect(stepHref(onlineFlow.nextStep(step, next, undefined, isFromSummary(form))), {
      headers: onlineFlow.save(flow, next),
    });
  if (step === "delegato") {
    const schema = await personSchema(context, serverT(context, delegheIt)("deleghe.new.fiscalCodeOwn"));
    const parsed = await parseForm(request, context, schema);
    return parsed.ok ? save({ ...state, delegato: parsed.values }, parsed.form) : invalidStep(parsed);
  }
  if (step === "servizi") {
    const parsed = await parseForm(request, context, await servicesSchema(context));
    if (!parsed.ok) return invalidStep(parsed);
    const { servizi, scadenza } = parsed.values;
    return save({ ...state, servizi, scadenza, accepted: true }, parsed.form);
  }
  return sendOnline(context, request, state);
}

/** The summary's "Invia la delega": the delegation created, the flow cleared, the success page. */
async function sendOnline(context: Context, request: Request, state: OnlineState) {
  const { flow, api, log } = getServices(context);
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
    return sendFailure(context, error, { refused: "deleghe.new.refused", failed: "deleghe.new.failed" });
  }
  throw redirect(href("/area-personale/deleghe/nuova/successo"), {
    headers: mergeHeaders(
      onlineFlow.clear(flow),
      onlineSentCookie.save(flow, { nome: delegato.nome, cognome: delegato.cognome }),
    ),
  });
}
