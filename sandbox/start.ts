import type { AddressInfo } from "node:net";
import express from "express";
import { createSandboxApp, type SandboxOptions } from "./app.ts";
import type { Server } from "node:http";
import type { SandboxStore } from "./types.ts";
import { createCmsApp } from "./cms.ts";
import type { SandboxProfile } from "./profile.ts";

export type StartOptions = {
  port?: number;
  host?: string;
  stateFile?: string;
  logger?: SandboxOptions["logger"];
  gaps?: boolean;
  /** Which BFF to play: `spec` (default) or `published` (README "Profiles"). */
  profile?: SandboxProfile;
  /** The CMS stand-in's port (0 or unset: a free one), on the same host. */
  cmsPort?: number;
  /** The CMS stand-in's address as the portal reaches it (compose: another host name); default its own. */
  cmsUrl?: string;
  /** Where the pagoPA checkout returns (`createSandboxApp`'s `portalOrigin`). */
  portalOrigin?: string;
  /** Called with every request the sandbox receives, before it answers (a test recording the upstream calls). */
  onRequest?: (req: express.Request) => void;
};

/** A listening sandbox: its base URL, and for tests its app (in-process requests) and its state (`store`). */
export type StartedSandbox = {
  url: string;
  /** The CMS stand-in's base URL (where a CMS municipality's menu and services redirect). */
  cmsUrl: string;
  app: express.Express;
  /** The sandbox's state, for a test to read what the upstream holds or change it (a service switched off). */
  store: SandboxStore;
  close(): Promise<void>;
};

/** Starts the sandbox on real HTTP (port 0 = a free port) and returns its base URL. */
export async function startSandbox(options: StartOptions = {}): Promise<StartedSandbox> {
  const host = options.host ?? "127.0.0.1";
  const { app, store } = createSandboxApp({
    stateFile: options.stateFile,
    logger: options.logger,
    gaps: options.gaps,
    profile: options.profile,
    portalOrigin: options.portalOrigin,
  });
  // The CMS stand-in first: the BFF's redirects name it.
  const cms = createCmsApp(store).listen(options.cmsPort ?? 0, host);
  await listening(cms);
  const cmsUrl = options.cmsUrl ?? `http://${urlHostOf(host)}:${(cms.address() as AddressInfo).port}`;
  store.cmsUrl = cmsUrl;
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
  try {
    await listening(server);
  } catch (error) {
    await close(cms);
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${urlHostOf(host)}:${port}`,
    cmsUrl,
    app,
    store,
    close: async () => {
      await Promise.all([close(server), close(cms)]);
    },
  };
}

function urlHostOf(host: string): string {
  return host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
}

function listening(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
}

/** How long a request the sandbox is still reading (or answering) may hold its close back. */
const CLOSE_GRACE_MS = 1_000;

/**
 * Stops listening, closes the idle connections now and any other after a short grace. A client that gives up in the
 * middle of a request (undici aborting a fetch: the portal does when its visitor leaves) can leave a connection the
 * server counts as busy until its 65 s keep-alive ends: it held the demo portal's exit back a minute after a burst.
 */
function close(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    force.unref();
    server.close((error) => {
      clearTimeout(force);
      if (error) reject(error);
      else resolve();
    });
    server.closeIdleConnections();
  });
}
