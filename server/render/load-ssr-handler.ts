import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { SsrHandler } from "./public-pages.ts";

export const BUILD_DIR = resolve(import.meta.dirname, "../../build");

/**
 * Loads the production server bundle produced by `react-router build`, with everything the pages need already
 * imported (see ssr-app.ts): the server starts listening, and /readyz answers, only once this has resolved.
 */
export async function loadSsrHandler(buildDir = BUILD_DIR): Promise<SsrHandler> {
  const entry = resolve(buildDir, "server/index.js");
  if (!existsSync(entry)) {
    throw new Error(`No server build at ${entry}: run "npm run build" first.`);
  }
  const mod = (await import(pathToFileURL(entry).href)) as {
    createSsrHandler: () => SsrHandler | Promise<SsrHandler>;
  };
  return await mod.createSsrHandler();
}
