import "bootstrap-italia/dist/css/bootstrap-italia.min.css";
// Fonts: the Latin subset (Italian needs nothing else) of the weights bootstrap-italia's kept rules use (Titillium
// 400, 600, 700; Lora 400/700; Roboto Mono 400), `font-display: swap`, served by the portal. No Titillium 300: only
// `.lead` asks for it, and the browser then uses the 400 face (13 kB less on most first visits; see bench/README.md).
import "@fontsource/titillium-web/latin-400.css";
import "@fontsource/titillium-web/latin-600.css";
import "@fontsource/titillium-web/latin-700.css";
import "@fontsource/lora/latin-400.css";
import "@fontsource/lora/latin-700.css";
import "@fontsource/roboto-mono/latin-400.css";
// The faces every page shows above the fold (body text 400, the header's title and buttons 600, headings 700), preloaded. Same files as
// the @font-face rules reference (Vite emits each once).
import titillium400 from "@fontsource/titillium-web/files/titillium-web-latin-400-normal.woff2?url";
import titillium600 from "@fontsource/titillium-web/files/titillium-web-latin-600-normal.woff2?url";
import titillium700 from "@fontsource/titillium-web/files/titillium-web-latin-700-normal.woff2?url";
import "./styles/portal.css";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { loadRootData } from "./lib/root-loader.server.ts";
import { forgetPushRegistration } from "./lib/push-registration.server.ts";
import { maintenanceGate } from "./lib/maintenance-gate.ts";
import { requireFormToken } from "./lib/form-token.ts";
import { actingForMiddleware } from "./lib/acting-for/index.server.ts";
import { flowOwnerMiddleware } from "./lib/flow.server.ts";
import { useOptionalRootData, withCarriedRootData } from "./lib/root-data.ts";
import { ErrorPage, errorTextKeys } from "#client/components/error-page/error-page.tsx";
import { metaT, pageTitle } from "#client/lib/titles.ts";
import { caughtStatus, readRouteError } from "#shared/route-error.ts";
import { AppShell } from "./app-shell.tsx";
import { HydrationProvider } from "#client/components/ui/use-hydrated.tsx";
import { addressOf, RENDERED_FOR } from "#client/lib/rendered-address.ts";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ...[titillium400, titillium600, titillium700].map((font) => ({
    rel: "preload",
    href: font,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
  })),
];

/** An error page of the root's boundary (no route's meta below it): the error's title and text, as the page shows. */
export const meta: Route.MetaFunction = ({ matches, error }) => {
  if (!error) return [];
  const found = readRouteError(error);
  const keys = errorTextKeys(found?.status ?? caughtStatus(error));
  const shown = withCarriedRootData(matches, error);
  const t = metaT(shown);
  return pageTitle(shown, t(keys.title), found?.title ?? t(keys.message));
};

export const middleware: Route.MiddlewareFunction[] = [
  requireFormToken,
  maintenanceGate,
  flowOwnerMiddleware,
  actingForMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const rootData = await loadRootData(request, context);
  // Another citizen's push registration in this browser: the page drops the subscription, the cookie goes with it.
  return rootData.user?.forgetPush ? data(rootData, { headers: forgetPushRegistration(context) }) : rootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useOptionalRootData();
  const renderedFor = { [RENDERED_FOR]: addressOf(useLocation()) };
  return (
    <html lang={data?.locale ?? "it"} {...renderedFor}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <HydrationProvider>{children}</HydrationProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <AppShell>
      <ErrorPage error={error} />
    </AppShell>
  );
}
