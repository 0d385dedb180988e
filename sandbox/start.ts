import type { AddressInfo } from "node:net";
import express from "express";
import { createSandboxApp, type SandboxOptions } from "./app.ts";
import type { SandboxStore } from "./types.ts";

export type StartOptions = {
  port?: number;
  host?: string;
  stateFile?: string;
  logger?: SandboxOptions["logger"];
  gaps?: boolean;
  /** Where the pagoPA checkout returns (`createSandboxApp`'s `portalOrigin`). */
  portalOrigin?: string;
  /** Called with every request the sandbox receives, before it answers (a test recording the upstream calls). */
  onRequest?: (req: express.Request) => void;
};

/** A listening sandbox: its base URL, and for tests its app (in-process requests) and its state (`store`). */
export type StartedSandbox = {
  url: string;
  app: express.Express;
  /** The sandbox's state, for a test to read what the upstream holds or change it (a service switched off). */
  store: SandboxStore;
  close(): Promise<void>;
};

/** Starts the sandbox on real HTTP (port 0 = a free port) and returns its base URL. */
export async function startSandbox(options: StartOptions = {}): Promise<StartedSandbox> {
  const { app, store } = createSandboxApp({
    stateFile: options.stateFile,
    logger: options.logger,
    gaps: options.gaps,
    portalOrigin: options.portalOrigin,
  });
  const host = options.host ?? "127.0.0.1";
  const { onRequest } = options;
  const served = onRequest
    ? express().use((req, _res, next) => {
        onRequest(req);
        next();
      }, app)
    : app;
  const server = served.listen(options.port ?? 0, host);
  // Longer than the idle keep-alive of the portal's HTTP agent (Node's default 5 s equals the server's default 5 s,
  // so a reused socket could meet the server's close and the proxy answer 502). Real upstreams sit behind proxies
  // with long keep-alives too.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    app,
    store,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
