import type { Route } from "./+types/services";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { PersonalServicesPage } from "#client/features/personal-services/services-page.tsx";
import {
  loadPersonalServices,
  toggleFavourite,
} from "#client/features/personal-services/services-data.server.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";
import { personalServicesIt } from "#client/features/personal-services/texts.ts";

export const handle = routeHandle("personalServices.title", personalServicesIt);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, personalAreaIt, personalServicesIt);
  return pageTitle(matches, [t("personalServices.title"), t("personalArea.title")]);
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPersonalServices(context, new URL(request.url));
}

export async function action({ context, request }: Route.ActionArgs) {
  return toggleFavourite(request, context);
}

export default function PersonalServices({ loaderData, actionData }: Route.ComponentProps) {
  return <PersonalServicesPage data={loaderData} toggleFailed={Boolean(actionData?.toggleFailed)} />;
}
