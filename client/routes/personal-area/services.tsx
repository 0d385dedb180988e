import type { Route } from "./+types/services";
import { metaT, pageTitle, type RouteHandle } from "#client/lib/titles.ts";
import { PersonalServicesPage } from "#client/features/personal-services/services-page.tsx";
import {
  loadPersonalServices,
  toggleFavourite,
} from "#client/features/personal-services/services-data.server.ts";

export const handle: RouteHandle = { title: "personalServices.title" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageTitle(matches, `${t("personalServices.title")} - ${t("personalArea.title")}`);
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
