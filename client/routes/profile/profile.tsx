import type { Route } from "./+types/profile";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadProfile, profileAction } from "#client/features/profile/profile-page.server.ts";
import { ProfilePage, type ProfileActionData } from "#client/features/profile/profile-page.tsx";
import { profileIt } from "#client/features/profile/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const middleware = [requireCitizen, requireAsset("NOTIFICATIONS")];

export const handle = routeHandle("profile.title", profileIt);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, profileIt, personalAreaIt);
  return pageTitle(matches, [t("profile.title"), t("personalArea.title")]);
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadProfile(context, new URL(request.url));
}

export async function action({ context, request }: Route.ActionArgs) {
  return profileAction(context, request);
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage data={loaderData} action={actionData as ProfileActionData | undefined} />;
}
