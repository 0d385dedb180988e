import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { mergeHeaders } from "#client/lib/flow.server.ts";
import { defineFlowRoute } from "#client/lib/flow-route.server.ts";
import { href } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getServices } from "#client/lib/services.ts";
import { createOnlineState, onlineFlow, onlineSentCookie, type OnlineState } from "./flow-state.ts";
import {
  loadStepPage,
  pendingOrRefused,
  personStep,
  sendFailure,
  servicesStep,
} from "./new-delega.server.ts";
import { delegaWrites, findSentDelega } from "./delega-writes.server.ts";
import type { OnlineStep } from "./steps.ts";

type Context = Readonly<RouterContextProvider>;

/** The new online delegation's steps: the delegate, the services, the summary (client/lib/flow-route.server.ts). */
const onlineRoute = defineFlowRoute<OnlineState, OnlineStep>(onlineFlow, {
  path: href("/area-personale/deleghe/nuova/online"),
  start: () => createOnlineState(),
  sent: (cookies) => {
    const sent = onlineSentCookie.read(cookies).state;
    return sent && { outcome: href("/area-personale/deleghe/nuova/successo"), version: sent.versione };
  },
});
const stepHref = onlineRoute.href;

/** The step's page: the state so far, the services, the limits, the policy; redirects to the step reached. */
export async function loadOnline(context: Context, url: URL) {
  return loadStepPage(context, url, onlineRoute);
}

/** Each step's form; the summary's sends the delegation. */
export async function onlineAction(context: Context, request: Request) {
  const person = { key: "delegato", ownMessage: "deleghe.new.fiscalCodeOwn" } as const;
  return onlineRoute.action(getServices(context).flow, request, {
    delegato: personStep(context, request, person),
    servizi: servicesStep(context, request),
    riepilogo: ({ state }) => sendOnline(context, request, state),
  });
}

/** The summary's "Invia la delega": the delegation created, the flow cleared, the success page. */
async function sendOnline(context: Context, request: Request, state: OnlineState) {
  const { flow, api, log } = getServices(context);
  await parseForm(request, context, z.object({}));
  const { delegato, servizi, scadenza } = state;
  if (!delegato || !servizi || !scadenza)
    throw redirect(stepHref(onlineFlow.firstIncomplete(state, undefined)));
  // The summary the citizen confirms gave the attempt its key; without one, show the summary (it makes one).
  if (!state.attempt) throw redirect(stepHref("riepilogo"));
  const body = { delegato, servizi: servizi.map(Number), dataScadenza: scadenza };
  let written;
  try {
    written = await delegaWrites.run(context, {
      key: state.attempt,
      create: async () => {
        const created = await api.deleghe.create(body);
        log.info({ delegation: created.uuidDelega }, "delegation created online");
        return { uuidDelega: created.uuidDelega };
      },
      find: (since) =>
        findSentDelega(
          api.deleghe,
          "delegati",
          { other: delegato, servizi: body.servizi, dataScadenza: scadenza },
          since,
        ),
    });
  } catch (error) {
    return sendFailure(context, error, { refused: "deleghe.new.refused", failed: "deleghe.new.failed" });
  }
  const notYet = pendingOrRefused(context, written, "deleghe.new.pending");
  if (notYet) return notYet;
  throw redirect(href("/area-personale/deleghe/nuova/successo"), {
    headers: mergeHeaders(
      onlineFlow.clear(flow),
      onlineSentCookie.save(flow, {
        nome: delegato.nome,
        cognome: delegato.cognome,
        versione: onlineRoute.sentVersion(state),
      }),
    ),
  });
}
