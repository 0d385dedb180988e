import { Form } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { actingForIt } from "./texts.ts";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { href } from "../links.ts";

export type ActingForChoice = {
  idServizio: number;
  /** Only the delegators the upstream lists right now for the service (live, approved delegations). */
  options: {
    uuidDelega: string;
    codiceFiscale: string;
    nome: string;
    cognome: string;
    dataScadenza: string;
  }[];
  /** The delegation acted under for this asset, or null (own name). */
  current: string | null;
  failed: boolean;
};

/**
 * On a delegable service's page (issue #28): "per conto di" whom the citizen uses it, among the delegators the
 * upstream lists; posts to `/area-personale/per-conto-di` (works without JavaScript).
 */
export function ActingForChooser({ choice, redirectTo }: { choice: ActingForChoice; redirectTo: string }) {
  const t = useT(actingForIt);
  const locale = useLocale();
  if (choice.failed) {
    return (
      <p className="alert alert-warning" role="status">
        {t("delegator.choose.failed")}
      </p>
    );
  }
  const options = [
    { value: "", label: t("delegator.choose.self") },
    ...choice.options.map((o) => ({
      value: o.uuidDelega,
      label: t("delegator.choose.option", {
        ...o,
        scadenza: formatDate(o.dataScadenza, "dd/MM/yyyy", locale),
      }),
    })),
  ];
  return (
    <section className="mb-5" aria-labelledby="acting-for-title">
      <h2 id="acting-for-title" className="h4">
        {t("delegator.choose.title")}
      </h2>
      <p>{t("delegator.choose.lead")}</p>
      <Form method="post" action={href("/area-personale/per-conto-di")}>
        <XsrfField />
        <input type="hidden" name="intent" value="scegli" />
        <input type="hidden" name="idServizio" value={choice.idServizio} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset className="mb-3">
          <legend className="h6 px-0 mb-3">{t("delegator.choose.legend")}</legend>
          {options.map((option, index) => (
            <div key={option.value || "self"} className="form-check">
              <input
                type="radio"
                name="uuidDelega"
                id={`acting-for-${index}`}
                value={option.value}
                defaultChecked={option.value === (choice.current ?? "")}
              />
              <label htmlFor={`acting-for-${index}`}>{option.label}</label>
            </div>
          ))}
        </fieldset>
        <SubmitButton className="btn btn-outline-primary">{t("delegator.choose.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
