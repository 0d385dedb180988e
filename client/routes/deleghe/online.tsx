import type { Route } from "./+types/online";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandleUnder } from "#client/lib/titles.ts";
import { NewDelegaSteps, stepLinks } from "#client/features/deleghe/new-delega-fields.tsx";
import { loadOnline, onlineAction } from "#client/features/deleghe/online.server.ts";
import { ONLINE_STEPS, type OnlineStep } from "#client/features/deleghe/steps.ts";
import { delegheIt } from "#client/features/deleghe/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const middleware = [requireAsset("DELEGHE")];

export const handle = routeHandleUnder(
  [
    { title: "deleghe.title", href: href("/area-personale/deleghe") },
    { title: "deleghe.new.title", href: href("/area-personale/deleghe/nuova") },
  ],
  "deleghe.new.online.title",
  delegheIt,
);

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

const stepHref = stepLinks<OnlineStep>(href("/area-personale/deleghe/nuova/online"));

/** The new online delegation: the delegate, the services (with their notes), the end date and the policy, the summary. */
export default function OnlineDelegation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(delegheIt);
  return (
    <NewDelegaSteps
      flowSteps={ONLINE_STEPS}
      stepHref={stepHref}
      loaderData={loaderData}
      actionData={actionData}
      frame={{
        headingId: "delega-online",
        title: t("deleghe.new.online.title"),
        steps: [
          t("deleghe.new.step.delegate"),
          t("deleghe.new.step.services"),
          t("deleghe.new.step.summary"),
        ],
        confirmLabel: t("deleghe.new.confirm"),
      }}
      person={{
        labels: {
          fiscalCode: t("deleghe.new.fiscalCode"),
          name: t("deleghe.new.name"),
          surname: t("deleghe.new.surname"),
        },
        summaryLabel: t("deleghe.card.delegate"),
        value: loaderData.state.delegato,
      }}
    />
  );
}
