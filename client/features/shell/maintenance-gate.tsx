import { useRef, useState, type FormEvent } from "react";
import { Form } from "react-router";
import type { ComuneConfig } from "#shared/api/tenant-config.ts";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { href } from "#client/lib/links.ts";

export type MaintenanceErrors = { username?: string; password?: string };

export const maintenanceAction = href("/manutenzione");

export type MaintenanceGateProps = {
  comune: Pick<ComuneConfig, "nome" | "regione" | "homePage">;
  xsrfToken: string;
  /** Field errors from the action (e.g. "Campo obbligatorio"). */
  errors?: MaintenanceErrors;
  values?: { username?: string };
  /** A message about the whole form, e.g. wrong credentials. */
  formError?: string;
  action?: string;
};

/**
 * The body of the maintenance page: a login for the maintenance credentials posted to the action (plain form post
 * without JavaScript). With JavaScript empty fields are reported before posting.
 */
export function MaintenanceGate({
  comune,
  xsrfToken,
  errors,
  values,
  formError,
  action = maintenanceAction,
}: MaintenanceGateProps) {
  const t = useT();
  const [clientErrors, setClientErrors] = useState<MaintenanceErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shown = clientErrors ?? errors ?? {};
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const found = getMissingFields(data, t("field.requiredMessage"));
    setClientErrors(found);
    if (!found) return;
    event.preventDefault();
    formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  };

  return (
    <div className="container py-5">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-6">
          <h1 className="mb-4">{t("maintenance.title")}</h1>
          <p className="lead">{t("maintenance.lead", { comune: comune.nome })}</p>
          <p>{t("maintenance.operators")}</p>
          {formError ? (
            <div className="alert alert-danger" role="alert">
              {formError}
            </div>
          ) : null}
          <Form ref={formRef} method="post" action={action} noValidate onSubmit={onSubmit} className="mt-5">
            <XsrfField token={xsrfToken} />
            <TextField
              name="username"
              label={t("maintenance.username")}
              autoComplete="username"
              required
              error={shown.username}
              defaultValue={values?.username}
            />
            <TextField
              name="password"
              type="password"
              label={t("maintenance.password")}
              autoComplete="current-password"
              required
              error={shown.password}
            />
            <SubmitButton busyLabel={t("maintenance.submitting")}>{t("maintenance.submit")}</SubmitButton>
          </Form>
          {comune.regione.link || comune.homePage ? (
            <ul className="list-unstyled mt-5">
              {comune.regione.link ? (
                <li className="mb-2">
                  <a href={comune.regione.link}>
                    {t("maintenance.regionLink", { regione: comune.regione.nome })}
                  </a>
                </li>
              ) : null}
              {comune.homePage ? (
                <li>
                  <a href={comune.homePage}>{t("maintenance.homeLink", { comune: comune.nome })}</a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function getMissingFields(data: FormData, message: string): MaintenanceErrors | null {
  const missing: MaintenanceErrors = {};
  if (!String(data.get("username") ?? "").trim()) missing.username = message;
  if (!String(data.get("password") ?? "")) missing.password = message;
  return missing.username || missing.password ? missing : null;
}
