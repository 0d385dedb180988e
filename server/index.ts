import { createApp } from "./app.ts";
import { loadSsrHandler } from "./render/load-ssr-handler.ts";
import { createHttpServer } from "./server.ts";
import { loadRuntime, serve } from "./runtime.ts";
import { warmTenantConfigs } from "./warm-up.ts";

const runtime = await loadRuntime();
// The SSR bundle (every route, React's server renderer, date-fns and its locales) is imported before listening.
const { app, tenantService } = createApp({ ...runtime, ssrHandler: await loadSsrHandler() });
// Best effort, bounded: an upstream that is down must not keep the portal from starting (readiness says so).
await warmTenantConfigs(runtime.tenants.current().all, tenantService, 3000);
serve(createHttpServer(app, runtime.logger), runtime, { label: "Portale del Cittadino" });
