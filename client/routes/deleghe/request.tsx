import type { Route } from "./+types/request";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href, withQuery } from "#client/lib/links.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import {
  EditLink,
  fieldTargets,
  PersonFields,
  ServicesFields,
  StepFrame,
  SummaryRows,
  type DelegableService,
  type Person,
} from "#client/features/deleghe/new-delega-fields.tsx";
import { DocumentsFields, DocumentsSummary } from "#client/features/deleghe/request-documents.tsx";
import { loadRequest, requestAction } from "#client/features/deleghe/request.server.ts";
import { REQUEST_STEPS, documentFieldName, type RequestStep } from "#client/features/deleghe/steps.ts";
import { delegheIt } from "#client/features/deleghe/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";
import { DOCUMENT_SLOTS } from "#shared/api/deleghe.ts";

export const middleware = [requireAsset("DELEGHE")];

export const handle = routeHandle("deleghe.request.title", delegheIt);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, delegheIt, personalAreaIt);
  return pageTitle(matches, [t("deleghe.request.title"), t("personalArea.title")]);
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRequest(context, new URL(request.url));
}

export async function action({ context, request }: Route.ActionArgs) {
  return requestAction(context, request);
}

const stepHref = (step: RequestStep, fromSummary = false) =>
  withQuery(href("/area-personale/deleghe/nuova/richiesta"), {
    passo: step,
    da: fromSummary ? "riepilogo" : undefined,
  });

/**
 * The request with documents (the would-be delegate is logged in): the delegator, the services with the end date
 * and the policy, the three documents, the summary.
 */
export default function DelegationRequest({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(delegheIt);
  const { step, state, services } = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const submitted: Record<string, string> = actionData?.submitted ?? {};
  const index = REQUEST_STEPS.indexOf(step);
  // A refused documents step names the files it kept (its cookie is read by the next request only).
  const held = (actionData && "held" in actionData ? actionData.held : undefined) ?? state.documenti ?? {};
  const documentTargets = Object.fromEntries(
    DOCUMENT_SLOTS.map((slot) => [documentFieldName(slot), { id: documentFieldName(slot) }]),
  );
  return (
    <StepFrame
      headingId="richiesta-delega"
      title={t("deleghe.request.title")}
      steps={[
        t("deleghe.request.step.delegator"),
        t("deleghe.new.step.services"),
        t("deleghe.request.step.documents"),
        t("deleghe.new.step.summary"),
      ]}
      current={index + 1}
      expired={loaderData.expired}
      failed={actionData && "failed" in actionData ? actionData.failed : null}
      action={stepHref(step)}
      fromSummary={loaderData.fromSummary}
      multipart={step === "documenti"}
      errors={errors}
      targets={{ ...fieldTargets(services), ...documentTargets }}
      back={index === 0 ? href("/area-personale/deleghe/nuova") : stepHref(REQUEST_STEPS[index - 1]!)}
      submitLabel={step === "riepilogo" ? t("deleghe.request.confirm") : t("deleghe.new.continue")}
    >
      {step === "delegante" ? (
        <PersonFields
          labels={{
            fiscalCode: t("deleghe.request.fiscalCode"),
            name: t("deleghe.request.name"),
            surname: t("deleghe.request.surname"),
          }}
          person={state.delegante}
          submitted={submitted}
          errors={errors}
        />
      ) : null}
      {step === "servizi" ? (
        <ServicesFields {...loaderData} state={state} submitted={submitted} errors={errors} />
      ) : null}
      {step === "documenti" ? <DocumentsFields held={held} errors={errors} /> : null}
      {step === "riepilogo" && state.delegante ? (
        <RequestSummary delegante={state.delegante} services={services} state={state} held={held} />
      ) : null}
    </StepFrame>
  );
}

/** The summary: the delegator, the services and the end date, the documents, each with its "Modifica". */
function RequestSummary(props: {
  delegante: Person;
  services: readonly DelegableService[];
  state: { servizi?: string[]; scadenza?: string };
  held: Parameters<typeof DocumentsSummary>[0]["held"];
}) {
  const t = useT(delegheIt);
  return (
    <SummaryRows
      personLabel={t("deleghe.card.delegator")}
      person={props.delegante}
      services={props.services}
      state={props.state}
      editPerson={stepHref("delegante", true)}
      editServices={stepHref("servizi", true)}
    >
      <dt className="col-sm-4">{t("deleghe.request.documents")}</dt>
      <dd className="col-sm-8">
        <DocumentsSummary held={props.held} />
        <EditLink to={stepHref("documenti", true)} section={t("deleghe.request.documents")} />
      </dd>
    </SummaryRows>
  );
}
