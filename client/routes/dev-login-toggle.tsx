import { data, redirect } from "react-router";
import type { Route } from "./+types/dev-login-toggle";
import { getServices } from "#client/lib/services.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { href } from "#client/lib/links.ts";

/**
 * Development only: flips the simulated logout (the header shows the anonymous state although the identity provider
 * still knows the citizen) and returns home. Answers 404 in production.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  if (!services.env.devTools) throw data(null, { status: 404 });
  await readForm(request, context);
  const cookie = services.devLogout.toggle(!services.devLogout.active);
  return redirect(href("/"), { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  throw data(null, { status: 404 });
}
