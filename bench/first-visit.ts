// What a first visit of the home page costs a browser: `npm run bench:first-visit` (= build + node bench/first-visit.ts).
//
// Starts the sandbox upstream and the production portal in this process (loopback, random ports; the same setup as
// bench/run.ts), opens the home page of comune-a in Debian's Chromium (/usr/bin/chromium or $CHROMIUM_PATH, driven
// by Playwright, never a downloaded browser) with a cold cache, and sums the bytes Chromium TRANSFERS (CDP
// `Network.loadingFinished` encodedDataLength: compressed bodies plus response headers) by resource type.
// Goals (issue #13): HTML + JS + CSS + fonts ≤ 200 kB; CSS ≤ 30 kB; home HTML ≤ 35 kB uncompressed.
// Prints "skipped: …" (exit 0) when Chromium is missing. Writes bench/results/first-visit.json.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { parseEnv } from "#config/env.ts";
import { createTenantHolder, loadTenantsFile } from "#config/tenants.ts";
import { createApp } from "#server/app.ts";
import { createLogger } from "#server/observability/logger.ts";
import { loadSsrHandler } from "#server/render/load-ssr-handler.ts";
import { closeGracefully, createHttpServer } from "#server/server.ts";
import { startSandbox } from "#sandbox/start.ts";
import { BROWSER, TENANT_HOST, get } from "./support.ts";

const ROOT = resolve(import.meta.dirname, "..");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const GOALS = { totalKb: 200, cssKb: 30, htmlKb: 35 };

/** The sandbox and the production portal on loopback, as bench/run.ts starts them. */
export async function startProductionPortal() {
  const sandbox = await startSandbox({ port: 0, host: "127.0.0.1" });
  const env = parseEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    UPSTREAM_URL: sandbox.url,
    PORTAL_SECRET: randomBytes(32).toString("hex"),
  });
  const logger = createLogger(env.LOG_LEVEL);
  const { app } = createApp({
    env,
    tenants: createTenantHolder(loadTenantsFile(join(ROOT, "config/tenants.json"))),
    upstreamUrl: sandbox.url,
    geocoderUrl: `${sandbox.url}/geocoder/`,
    sandbox: true,
    logger,
    ssrHandler: await loadSsrHandler(),
    secret: randomBytes(32).toString("hex"),
  });
  const server = createHttpServer(app, logger);
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", done);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    /** A page of a municipality as the browser asks for it (`*.localhost` resolves to loopback in Chromium). */
    url: (path: string, tenant = TENANT_HOST) => `http://${tenant}:${port}${path}`,
    portal: `http://127.0.0.1:${port}`,
    async close() {
      await closeGracefully(server, 2000);
      await sandbox.close();
    },
  };
}

type Row = { requests: number; bytes: number };
const KINDS = ["html", "js", "css", "font", "image", "other"] as const;
type Kind = (typeof KINDS)[number];

function kindOf(type: string | undefined, mime: string, url: string): Kind {
  if (type === "Document") return "html";
  if (type === "Script" || /javascript/.test(mime)) return "js";
  if (type === "Stylesheet" || mime === "text/css") return "css";
  if (type === "Font" || /\.woff2?(\?|$)/.test(url)) return "font";
  if (type === "Image") return "image";
  return "other";
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export type FirstVisit = {
  url: string;
  byKind: Record<Kind, Row>;
  total: Row;
  /** HTML + JS + CSS + fonts, the figure the goal is about. */
  counted: number;
  htmlRawBytes: number;
  files: { url: string; kind: Kind; bytes: number; encoding: string }[];
};

/** One cold first visit of `path`; null when Chromium is not installed. */
export async function measureFirstVisit(path = "/"): Promise<FirstVisit | null> {
  if (!existsSync(CHROMIUM)) {
    console.log(
      `first visit: skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`,
    );
    return null;
  }
  const portal = await startProductionPortal();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
    ],
  });
  try {
    const raw = await get(`${portal.portal}${path}`, { ...BROWSER, host: TENANT_HOST, accept: "text/html" });
    const context = await browser.newContext({ locale: "it-IT" }); // a new context: empty cache, no cookies
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const seen = new Map<string, { url: string; type?: string; mime: string; encoding: string }>();
    const done: FirstVisit["files"] = [];
    cdp.on("Network.requestWillBeSent", (e) =>
      seen.set(e.requestId, { url: e.request.url, type: e.type, mime: "", encoding: "" }),
    );
    cdp.on("Network.responseReceived", (e) => {
      const entry = seen.get(e.requestId) ?? { url: e.response.url, mime: "", encoding: "" };
      entry.type = e.type;
      entry.mime = e.response.mimeType;
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      entry.encoding = String(headers["content-encoding"] ?? "identity");
      seen.set(e.requestId, entry);
    });
    cdp.on("Network.loadingFinished", (e) => {
      const entry = seen.get(e.requestId);
      if (!entry || entry.url.startsWith("data:")) return;
      done.push({
        url: entry.url,
        kind: kindOf(entry.type, entry.mime, entry.url),
        bytes: e.encodedDataLength,
        encoding: entry.encoding,
      });
    });
    const url = portal.url(path);
    await page.goto(url, { waitUntil: "load", timeout: 30_000 });
    await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
    await context.close();

    const byKind = Object.fromEntries(KINDS.map((k) => [k, { requests: 0, bytes: 0 }])) as Record<Kind, Row>;
    for (const file of done) {
      byKind[file.kind].requests += 1;
      byKind[file.kind].bytes += file.bytes;
    }
    const total = { requests: done.length, bytes: done.reduce((sum, f) => sum + f.bytes, 0) };
    const counted = byKind.html.bytes + byKind.js.bytes + byKind.css.bytes + byKind.font.bytes;
    return { url, byKind, total, counted, htmlRawBytes: raw.body.length, files: done };
  } finally {
    await browser.close();
    await portal.close();
  }
}

export function printFirstVisit(r: FirstVisit): string {
  const mark = (ok: boolean) => (ok ? "ok" : "OVER");
  const lines = [
    `first visit of ${r.url} (cold cache, bytes Chromium transferred: compressed bodies + headers)`,
    "| type | requests | kB |",
    "|---|---:|---:|",
    ...KINDS.map((k) => `| ${k} | ${r.byKind[k].requests} | ${kb(r.byKind[k].bytes)} |`),
    `| all | ${r.total.requests} | ${kb(r.total.bytes)} |`,
    "",
    `HTML + JS + CSS + fonts: ${kb(r.counted)} kB (goal ≤ ${GOALS.totalKb} kB: ${mark(kb(r.counted) <= GOALS.totalKb)})`,
    `CSS: ${kb(r.byKind.css.bytes)} kB transferred (goal ≤ ${GOALS.cssKb} kB gzip: ${mark(kb(r.byKind.css.bytes) <= GOALS.cssKb)})`,
    `home HTML uncompressed: ${kb(r.htmlRawBytes)} kB (goal ≤ ${GOALS.htmlKb} kB: ${mark(kb(r.htmlRawBytes) <= GOALS.htmlKb)})`,
  ];
  return lines.join("\n");
}

/** For bench/run.ts: measure, print, write bench/results/first-visit.json; never throws. */
export async function runFirstVisit(): Promise<void> {
  try {
    const result = await measureFirstVisit("/");
    if (!result) return;
    console.log(`\n${printFirstVisit(result)}`);
    if (process.env.BENCH_VERBOSE)
      for (const f of result.files) console.log(`  ${f.kind} ${f.bytes} ${f.encoding} ${f.url}`);
    mkdirSync(join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(
      join(ROOT, "bench/results/first-visit.json"),
      `${JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2)}\n`,
    );
  } catch (error) {
    console.error(`first visit: failed: ${String(error)}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const watchdog = setTimeout(() => {
    console.error("first visit: did not finish in 120 s, giving up");
    process.exit(2);
  }, 120_000);
  watchdog.unref();
  await runFirstVisit();
  process.exit(process.exitCode ?? 0);
}
