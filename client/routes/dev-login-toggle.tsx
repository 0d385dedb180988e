import { data, redirect } from "react-router";
import type { Route } from "./+types/dev-login-toggle";
import { getServices } from "#client/lib/services.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { DEV_LOGOUT_COOKIE, cookieValue } from "#client/lib/root-loader.server.ts";

/**
 * Development only: flips the simulated logout (the header shows the anonymous state although the identity provider
 * still knows the citizen) and returns home. Answers 404 in production.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  if (!services.env.devTools) throw data(null, { status: 404 });
  await readForm(request, context);
  const loggedOut = cookieValue(request, DEV_LOGOUT_COOKIE) === "1";
  const cookie = loggedOut
    ? `${DEV_LOGOUT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
    : `${DEV_LOGOUT_COOKIE}=1; Path=/; SameSite=Lax; HttpOnly`;
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  throw data(null, { status: 404 });
}
