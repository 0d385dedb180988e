import { data, redirect, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/maintenance";
import { metaT, pageTitle } from "#client/lib/titles.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { serverT } from "#client/i18n/server-t.ts";
import { getServices } from "#client/lib/services.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { rawText, required, text } from "#shared/validation/rules.ts";
import { useRootData } from "#client/lib/root-data.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { safeRedirectPath } from "#shared/redirector.ts";
import { MaintenanceGate, type MaintenanceErrors } from "#client/features/shell/maintenance-gate.tsx";
/** Spec §5: both required, "Campo obbligatorio"; the password as typed (its spaces count). */
const CredentialsSchema = z.object({ username: text(required()), password: rawText(required()) });

export async function loader({ context, url }: Route.LoaderArgs) {
  const services = getServices(context);
  const { comune } = await services.api.getTenantConfig();
  const next = safeRedirectPath(url.searchParams.get("redirectTo"), href("/"));
  if (!comune.maintenance || services.maintenance.held) throw redirect(next);
  // A held credential the upstream refused later: the gate comes back with "Autorizzazione negata" in the form.
  const denied = url.searchParams.get("negata") === "1";
  return data({ denied }, { status: 503, headers: { "Retry-After": "3600" } });
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const services = getServices(context);
  const t = serverT(context);
  const parsed = await parseForm(request, context, CredentialsSchema);
  if (!parsed.ok) {
    const errors: MaintenanceErrors = parsed.errors;
    const values = { username: parsed.submitted.username ?? "" };
    return data({ errors, values, formError: undefined }, { status: 400 });
  }
  const { username, password } = parsed.values;
  const attempt = await services.maintenance.attemptLogin();
  if (!attempt.allowed) {
    const minutes = Math.ceil(attempt.retryAfterS / 60);
    const formError = t("maintenance.tooManyAttempts", { count: minutes });
    return data(
      { errors: {}, values: { username }, formError },
      { status: 429, headers: { "Retry-After": String(attempt.retryAfterS) } },
    );
  }
  const accepted = await services.api.checkMaintenanceCredential({ username, password });
  if (!accepted) {
    return data(
      { errors: {}, values: { username }, formError: t("maintenance.denied") },
      { status: 403, headers: { "Set-Cookie": services.maintenance.clearCookie() } },
    );
  }
  const next = safeRedirectPath(url.searchParams.get("redirectTo"), href("/"));
  // The credential, and the mark of a known device: this browser's next logins are exempt from the municipality's
  // limit (they count against their own), so guessing from elsewhere cannot lock the maintainer out.
  const headers = new Headers();
  headers.append("Set-Cookie", services.maintenance.sealCookie({ username, password }));
  headers.append("Set-Cookie", services.maintenance.knownDeviceCookie());
  return redirect(next, { headers });
}

// Retry-After of the gate (503) and of a refused burst of logins (429).
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(matches, metaT(matches)("maintenance.title"));

export default function Maintenance({ loaderData, actionData }: Route.ComponentProps) {
  const { comune, xsrfToken } = useRootData();
  const t = useT();
  const location = useLocation();
  const redirectTo = new URLSearchParams(location.search).get("redirectTo");
  const action = withQuery(href("/manutenzione"), { redirectTo });
  const formError = actionData?.formError ?? (loaderData?.denied ? t("maintenance.denied") : undefined);
  // A refusal ("Autorizzazione negata", spec §6) is said once, in the form's alert above the fields: the spec's toast
  // repeated it, outlived the gate by 8 s after the right password and covered "Conferma" on a phone.
  return (
    <MaintenanceGate
      comune={comune}
      xsrfToken={xsrfToken}
      errors={actionData?.errors}
      values={actionData?.values}
      formError={formError}
      action={action}
    />
  );
}
