import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { defineFlowCookie, mergeHeaders } from "./flow.server.ts";
import { addPushToken, removePushToken } from "./push-tokens.ts";
import { getServices } from "./services.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The push token THIS browser gave the citizen's contacts (issue #36), in its own sealed cookie of the flow primitive
 * (so it is the citizen's only, and cleared with every flow at logout), kept a year: the messaging service keeps the
 * browser's token that long. Logout takes exactly this token out of the contacts, so the next citizen at a shared
 * browser never receives the previous one's notifications; a renewed token replaces it instead of piling up.
 */
const registration = defineFlowCookie("flowPushToken", z.object({ token: z.string().max(4096) }).strict());
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The token this browser registered for the citizen of this request, if any. */
export function registeredPushToken(context: Context): string | null {
  return registration.read(getServices(context).flow).state?.token ?? null;
}

/**
 * Whether this browser's push token was registered by somebody else than the citizen of this request: a previous
 * citizen whose session ended without "Esci" (it expired, the browser was closed), so logout could not take it out of
 * their contacts. The page then has the browser drop its push subscription (`ForgetPush`), which ends that token at the
 * messaging service: the previous citizen's notifications stop coming to this browser, and the next opt-in here makes
 * a new token instead of sharing theirs. (An anonymous visitor may be the same citizen logged out: nothing is dropped.)
 */
export function holdsAnotherCitizensPushToken(context: Context): boolean {
  return registration.read(getServices(context).flow).problem === "foreign";
}

/** The headers that forget another citizen's registration here (the page that drops the subscription sends them). */
export function forgetPushRegistration(context: Context): Headers {
  return registration.clear(getServices(context).flow);
}

/**
 * Adds `token` to the citizen's push contacts (every notification service lacking it), replacing the one this browser
 * gave before; the answer's headers remember it. `null` when the citizen has no contacts to add it to.
 */
export async function registerPushToken(
  context: Context,
  codFisc: string,
  token: string,
): Promise<{ added: number; headers: Headers } | null> {
  const { api, flow } = getServices(context);
  const [contacts, services] = await Promise.all([api.notify.getContacts(codFisc), api.notify.getServices()]);
  if (!contacts) return null;
  const next = addPushToken(
    contacts.push ?? {},
    services.map((service) => service.name),
    token,
    registeredPushToken(context),
  );
  if (next.changed) await api.notify.updateContacts(codFisc, { push: next.push });
  return {
    added: next.added,
    headers: mergeHeaders(registration.save(flow, { token }, { expires: new Date(Date.now() + YEAR_MS) })),
  };
}

/**
 * At logout, while the session still names the citizen: this browser's token out of their push contacts. A failure
 * is logged and the logout goes on (the cookie goes with every flow all the same).
 */
export async function unregisterPushToken(context: Context, codFisc: string): Promise<void> {
  const token = registeredPushToken(context);
  if (!token) return;
  const { api, log } = getServices(context);
  try {
    const contacts = await api.notify.getContacts(codFisc);
    const next = removePushToken(contacts?.push ?? {}, token);
    if (next.changed) await api.notify.updateContacts(codFisc, { push: next.push });
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ upstream: "notify", status: error.data.status }, "push token not removed at logout");
  }
}
