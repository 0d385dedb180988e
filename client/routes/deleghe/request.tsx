import type { Route } from "./+types/request";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandleUnder } from "#client/lib/titles.ts";
import { EditLink, NewDelegaSteps, stepLinks } from "#client/features/deleghe/new-delega-fields.tsx";
import { DocumentsFields, DocumentsSummary } from "#client/features/deleghe/request-documents.tsx";
import { loadRequest, requestAction } from "#client/features/deleghe/request.server.ts";
import { REQUEST_STEPS, documentFieldName, type RequestStep } from "#client/features/deleghe/steps.ts";
import { delegheIt } from "#client/features/deleghe/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";
import { DOCUMENT_SLOTS } from "#shared/api/deleghe.ts";

export const middleware = [requireAsset("DELEGHE")];

export const handle = routeHandleUnder(
  [
    { title: "deleghe.title", href: href("/area-personale/deleghe") },
    { title: "deleghe.new.title", href: href("/area-personale/deleghe/nuova") },
  ],
  "deleghe.request.title",
  delegheIt,
);

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

const stepHref = stepLinks<RequestStep>(href("/area-personale/deleghe/nuova/richiesta"));

/**
 * The request with documents (the would-be delegate is logged in): the delegator, the services with the end date
 * and the policy, the three documents, the summary (its documents' row added to the shared ones).
 */
export default function DelegationRequest({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(delegheIt);
  const { step, state } = loaderData;
  // A refused documents step names the files it kept (its cookie is read by the next request only).
  const held = (actionData && "held" in actionData ? actionData.held : undefined) ?? state.documenti ?? {};
  return (
    <NewDelegaSteps
      flowSteps={REQUEST_STEPS}
      stepHref={stepHref}
      loaderData={loaderData}
      actionData={actionData}
      frame={{
        headingId: "richiesta-delega",
        title: t("deleghe.request.title"),
        steps: [
          t("deleghe.request.step.delegator"),
          t("deleghe.new.step.services"),
          t("deleghe.request.step.documents"),
          t("deleghe.new.step.summary"),
        ],
        confirmLabel: t("deleghe.request.confirm"),
        multipart: step === "documenti",
      }}
      person={{
        labels: {
          fiscalCode: t("deleghe.request.fiscalCode"),
          name: t("deleghe.request.name"),
          surname: t("deleghe.request.surname"),
        },
        summaryLabel: t("deleghe.card.delegator"),
        value: state.delegante,
      }}
      labels={Object.fromEntries(
        DOCUMENT_SLOTS.map((slot) => [documentFieldName(slot), t(`deleghe.slot.${slot}`)]),
      )}
      summaryRows={
        <>
          <dt className="col-sm-4">{t("deleghe.request.documents")}</dt>
          <dd className="col-sm-8">
            <DocumentsSummary held={held} />
            <EditLink to={stepHref("documenti", true)} section={t("deleghe.request.documents")} />
          </dd>
        </>
      }
    >
      {step === "documenti" ? <DocumentsFields held={held} errors={actionData?.errors ?? {}} /> : null}
    </NewDelegaSteps>
  );
}
