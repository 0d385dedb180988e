import type { Route } from "./+types/online";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href, withQuery } from "#client/lib/links.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import {
  fieldTargets,
  PersonFields,
  ServicesFields,
  StepFrame,
  SummaryRows,
} from "#client/features/deleghe/new-delega-fields.tsx";
import { loadOnline, onlineAction } from "#client/features/deleghe/online.server.ts";
import { ONLINE_STEPS, type OnlineStep } from "#client/features/deleghe/steps.ts";
import { delegheIt } from "#client/features/deleghe/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const middleware = [requireAsset("DELEGHE")];

export const handle = routeHandle("deleghe.new.online.title", delegheIt);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, delegheIt, personalAreaIt);
  return pageTitle(matches, [t("deleghe.new.online.title"), t("personalArea.title")]);
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOnline(context, new URL(request.url));
}

export async function action({ context, request }: Route.ActionArgs) {
  return onlineAction(context, request);
}

const stepHref = (step: OnlineStep, fromSummary = false) =>
  withQuery(href("/area-personale/deleghe/nuova/online"), {
    passo: step,
    da: fromSummary ? "riepilogo" : undefined,
  });

/** The new online delegation: the delegate, the services (with their notes), the end date and the policy, the summary. */
export default function OnlineDelegation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(delegheIt);
  const { step, state, services } = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const submitted: Record<string, string> = actionData?.submitted ?? {};
  const index = ONLINE_STEPS.indexOf(step);
  return (
    <StepFrame
      headingId="delega-online"
      title={t("deleghe.new.online.title")}
      steps={[t("deleghe.new.step.delegate"), t("deleghe.new.step.services"), t("deleghe.new.step.summary")]}
      current={index + 1}
      expired={loaderData.expired}
      failed={actionData && "failed" in actionData ? actionData.failed : null}
      action={stepHref(step)}
      fromSummary={loaderData.fromSummary}
      errors={errors}
      targets={fieldTargets(services)}
      back={index === 0 ? href("/area-personale/deleghe/nuova") : stepHref(ONLINE_STEPS[index - 1]!)}
      submitLabel={step === "riepilogo" ? t("deleghe.new.confirm") : t("deleghe.new.continue")}
    >
      {step === "delegato" ? (
        <PersonFields
          labels={{
            fiscalCode: t("deleghe.new.fiscalCode"),
            name: t("deleghe.new.name"),
            surname: t("deleghe.new.surname"),
          }}
          person={state.delegato}
          submitted={submitted}
          errors={errors}
        />
      ) : null}
      {step === "servizi" ? (
        <ServicesFields {...loaderData} state={state} submitted={submitted} errors={errors} />
      ) : null}
      {step === "riepilogo" && state.delegato ? (
        <SummaryRows
          personLabel={t("deleghe.card.delegate")}
          person={state.delegato}
          services={services}
          state={state}
          editPerson={stepHref("delegato", true)}
          editServices={stepHref("servizi", true)}
        />
      ) : null}
    </StepFrame>
  );
}
