import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { CrmService, NewTicketAttachment } from "#shared/api/crm.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { getServices } from "#client/lib/services.ts";
import { STARTED_OVER } from "#client/lib/flow.server.ts";
import { RequestValuesSchema, assistFlow, type AssistFlow } from "./flow-state.ts";
import { getPending } from "./pending-store.server.ts";
import { storeDown, storeReaders } from "#client/lib/transient-store.server.ts";
import type { RequestValues } from "./request-model.ts";

/**
 * What the assistance request's form (./request.server.ts) and its e-mail verification (./verify.server.ts) share: the
 * addresses, the anonymous request's values and attachment kept in the store, the services' lists.
 */
type Context = Readonly<RouterContextProvider>;

export const REQUEST_PATH = "/nuova-richiesta";

export const requestHref = () => href(REQUEST_PATH);

export const verifyHref = (query: Record<string, string> = {}) =>
  withQuery(href(REQUEST_PATH), { passo: "verifica", ...query });

export const AttachmentSchema = z.object({
  filename: z.string(),
  data: z.string(),
  "mime-type": z.string(),
});

/** The anonymous request's values when they are too long for its cookie: kept in the store instead. */
export const PendingValuesSchema = z.object({ kind: z.literal("values"), values: RequestValuesSchema });

/** An attachment kept in the store, when it is this request's owner's (`storeReaders`). */
export async function storedAttachment(context: Context, ref: string): Promise<NewTicketAttachment | null> {
  const parsed = AttachmentSchema.safeParse(await getPending(ref, storeReaders(context)));
  return parsed.success ? parsed.data : null;
}

export async function loadLists(context: Context, servizio: string) {
  const { api, log } = getServices(context);
  try {
    const services = await api.crm.services();
    const chosen = services.find((s) => String(s.id) === servizio);
    const subServices = chosen ? await api.crm.subServices(chosen.id) : [];
    return { services, subServices, failed: false };
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ err: error }, "crm lists failed");
    return { services: [] as CrmService[], subServices: [] as CrmService[], failed: true };
  }
}

/** The anonymous request's values: in its cookie, or (too long for it) in the store; null when gone. */
export async function readValues(context: Context, state: AssistFlow): Promise<RequestValues | null> {
  if (state.values) return state.values;
  const kept = PendingValuesSchema.safeParse(
    await getPending(state.valuesRef, storeReaders(context)).catch(storeDown(context)),
  );
  return kept.success ? kept.data.values : null;
}

/** The form again, saying the request is no longer there (the cookie goes). */
export function requestGone(context: Context): never {
  throw redirect(withQuery(requestHref(), STARTED_OVER), {
    headers: assistFlow.clear(getServices(context).flow),
  });
}
