import type { Route } from "./+types/feedback";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadFeedback } from "#client/features/assistance/feedback.server.ts";
import { FeedbackPage } from "#client/features/assistance/feedback-page.tsx";
import { assistanceIt } from "#client/features/assistance/texts.ts";

export const middleware = [requireAsset("ASSISTENZA_CRM")];

export const handle = routeHandle("assistance.title", assistanceIt);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(matches, metaT(matches, assistanceIt)("assistance.title"));

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadFeedback(context, new URL(request.url));
}

export default function Feedback({ loaderData }: Route.ComponentProps) {
  return <FeedbackPage data={loaderData} />;
}
