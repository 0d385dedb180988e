// Development server: the same runtime and Express app, with Vite in middleware mode for the React app (HMR, no build).
import type { RequestHandler } from "express";
import { createServer as createViteServer } from "vite";
import { createApp } from "./app.ts";
import { createHttpServer } from "./server.ts";
import { loadRuntime, serve } from "./runtime.ts";

// The development server shows the development tools ("Simula logout") unless DEV_TOOLS=false.
const runtime = await loadRuntime({ NODE_ENV: "development", DEV_TOOLS: "true", ...process.env });

const vite = await createViteServer({
  server: { middlewareMode: true, hmr: { port: runtime.env.PORT + 20000 } },
  // React Router's Vite plugin resolves `react-router` with the "development" condition, Node without it unless
  // started with `--conditions development`: two copies, and the request handler (from @react-router/express, which
  // Node would load) would refuse the context the pages' copy built ("Invalid `context` value", a 500 on every page).
  // Through Vite, the adapter and its react-router are the pages' own, however the process was started.
  ssr: { noExternal: ["@react-router/express", "@react-router/node"] },
});
const ssrHandler: RequestHandler = async (req, res, next) => {
  try {
    const mod = (await vite.ssrLoadModule("./server/render/ssr-app.ts")) as {
      createSsrHandler: () => Promise<RequestHandler>;
    };
    const handler = await mod.createSsrHandler();
    await handler(req, res, next);
  } catch (error) {
    vite.ssrFixStacktrace(error as Error);
    next(error);
  }
};

const { app } = createApp({
  ...runtime,
  ssrHandler,
  beforePages: [vite.middlewares as unknown as RequestHandler],
  staticDir: false,
});
serve(createHttpServer(app, runtime.logger), runtime, {
  label: "development server",
  onStop: () => vite.close(),
});
