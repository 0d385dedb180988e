import "bootstrap-italia/dist/css/bootstrap-italia.min.css";
import "@fontsource/titillium-web/300.css";
import "@fontsource/titillium-web/400.css";
import "@fontsource/titillium-web/600.css";
import "@fontsource/titillium-web/700.css";
import "@fontsource/lora/400.css";
import "@fontsource/lora/700.css";
import "@fontsource/roboto-mono/400.css";
import "./styles/portal.css";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import { loadRootData } from "./lib/root-loader.server.ts";
import { maintenanceGate } from "./lib/maintenance-gate.ts";
import { requireFormToken } from "./lib/form-token.ts";
import { useOptionalRootData } from "./lib/root-data.ts";
import { ErrorPage } from "#client/components/error-page/error-page.tsx";
import { AppShell } from "./app-shell.tsx";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [requireFormToken, maintenanceGate];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRootData(request, context);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useOptionalRootData();
  return (
    <html lang={data?.locale ?? "it"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
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
