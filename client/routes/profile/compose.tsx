import type { Route } from "./+types/compose";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadWizard, wizardAction } from "#client/features/profile/wizard.server.ts";
import { WizardPage, type WizardActionData } from "#client/features/profile/wizard-page.tsx";
import { profileIt } from "#client/features/profile/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const middleware = [requireCitizen, requireAsset("NOTIFICATIONS")];

export const handle = routeHandle("profile.composeTitle", profileIt);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, profileIt, personalAreaIt);
  return pageTitle(matches, [t("profile.composeTitle"), t("personalArea.title")]);
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadWizard(context, new URL(request.url));
}

export async function action({ context, request }: Route.ActionArgs) {
  return wizardAction(context, request);
}

export default function Compose({ loaderData, actionData }: Route.ComponentProps) {
  return <WizardPage data={loaderData} action={actionData as WizardActionData | undefined} />;
}
