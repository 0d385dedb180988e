import { z } from "zod";
import type { Route } from "./+types/token";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { findAsset } from "#shared/api/tenant-config.ts";
import { matches, maxLength, required, text } from "#shared/validation/rules.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { requireCitizen, getCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import { registerPushToken } from "#client/lib/push-registration.server.ts";

export const middleware = [requireCitizen];

/** A device token as the messaging service issues it (URL-safe characters and `:`). */
const TokenForm = z.object({
  token: text(required(), maxLength(4096), matches(/^[\w:.-]+$/)),
});

/**
 * `POST /notifiche-push/token` (the push opt-in, spec §4): adds this browser's device token to the push contacts of
 * every notification service that lacks it, with the contacts update, replacing the token this browser gave before
 * and remembering this one for the logout (client/lib/push-registration.server.ts, issue #36). The browser never
 * calls the upstream itself; the XSRF token is checked by the root middleware before this runs. Failures are logged
 * and answered, not shown.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, context, TokenForm);
  if (!parsed.ok) return Response.json({ ok: false, added: 0 }, { status: 400 });
  const { api, log } = getServices(context);
  const config = await api.getTenantConfig();
  if (!findAsset(config, "NOTIFICATIONS") || !config.comune.firebase) {
    return Response.json({ ok: false, added: 0 }, { status: 404 });
  }
  const citizen = await getCitizen(context);
  try {
    const registered = await registerPushToken(context, citizen.codFisc, parsed.values.token);
    if (!registered) return Response.json({ ok: false, added: 0 }, { status: 409 });
    return Response.json({ ok: true, added: registered.added }, { headers: registered.headers });
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ upstream: "notify", status: error.data.status }, "push token not saved");
    return Response.json({ ok: false, added: 0 }, { status: 502 });
  }
}

/** GET has nothing to show. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
