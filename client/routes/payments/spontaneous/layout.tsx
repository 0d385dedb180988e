import { Outlet, useRouteError } from "react-router";
import type { Route } from "./+types/layout";
import { readRouteError } from "#shared/route-error.ts";
import { ErrorPage } from "#client/components/error-page/error-page.tsx";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import {
  loadSpontaneousLayout,
  requireSystemAsset,
} from "#client/features/payments/spontaneous/spontaneous.server.ts";
import { SpontaneousLayout } from "#client/features/payments/spontaneous/spontaneous-layout.tsx";
import { spontaneousIt } from "#client/features/payments/spontaneous/texts.ts";
import "#client/features/payments/payments.css";

/** The system (PPAY or MYPAY) comes from the URL: `/servizi/{ppay|mypay}/pagamento-spontaneo`. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, request }, next) => {
    await requireSystemAsset(context, new URL(request.url));
    return next();
  },
];

export const handle = routeHandle("payments.spont.title", spontaneousIt);

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageTitle(matches, readRouteError(error)?.title ?? metaT(matches, spontaneousIt)("payments.spont.title"));

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadSpontaneousLayout(context, url);
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}

/** Spontaneous payment: title, help links, the login prompt for anonymous visitors, the step below, the rating. */
export default function SpontaneousPaymentLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SpontaneousLayout loginHref={loaderData.loginHref} after={<PageEnd />}>
      <Outlet />
    </SpontaneousLayout>
  );
}
