import { createApp } from "./app.ts";
import { loadSsrHandler } from "./render/load-ssr-handler.ts";
import { createHttpServer } from "./server.ts";
import { loadRuntime, serve } from "./runtime.ts";

const runtime = await loadRuntime();
const { app } = createApp({ ...runtime, ssrHandler: await loadSsrHandler() });
serve(createHttpServer(app, runtime.logger), runtime, { label: "Portale del Cittadino" });
