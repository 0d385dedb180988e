import type { Route } from "./+types/request";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadRequest, requestAction } from "#client/features/assistance/request.server.ts";
import { AssistanceRequestPage, type RequestActionData } from "#client/features/assistance/request-page.tsx";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { assistanceIt } from "#client/features/assistance/texts.ts";

export const middleware = [requireAsset("ASSISTENZA_CRM")];

export const handle = routeHandle("assistance.title", assistanceIt);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(matches, metaT(matches, assistanceIt)("assistance.title"));

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRequest(context, new URL(request.url));
}

export async function action({ context, request }: Route.ActionArgs) {
  return requestAction(context, request, new URL(request.url));
}

export default function AssistanceRequest({ loaderData, actionData }: Route.ComponentProps) {
  const action = actionData as RequestActionData | undefined;
  return (
    <>
      <AssistanceRequestPage data={loaderData} action={action} />
      <PageEnd />
    </>
  );
}
