import type { RequestHandler } from "express";
import type { Metrics } from "#server/observability/metrics.ts";
import { wantsJson } from "./plain-page.ts";
import type { RefusalHeaders } from "./request-body.ts";
import { LOCALES, type Locale } from "#shared/locale.ts";
import { requestLocale, serverText } from "#server/texts.ts";
import { ROUTE_MANIFEST_PATH, isAssetPath, isOperationsPath } from "#server/operational-paths.ts";

declare module "express-serve-static-core" {
  interface Locals {
    /** This answer is a read shed under overload (counted in portal_shed_total, not as an error). */
    shed?: boolean;
  }
}

/** The event loop's lag in milliseconds, as sustained over the monitor's window (see `createLagWindow`). */
export type LagSource = () => number;

/**
 * The lag sustained over the last `size` samples: the value that more than half of them reach (the `floor(size/2)+1`-th
 * largest). One slow sample, however slow (a GC pause, a long synchronous task), never moves it; it rises past a
 * threshold only when most of the window's samples are past it, and falls back as soon as most are below. The window
 * starts full of zeros and is updated by the sampling timer, never per request: reading it is reading a number.
 */
export function createLagWindow(size: number): { record(driftMs: number): void; lag: LagSource } {
  const samples = new Float64Array(size);
  const sorted = new Float64Array(size);
  // Ascending order: the `floor(size/2)+1`-th largest sits at this index.
  const rank = size - Math.floor(size / 2) - 1;
  let next = 0;
  let sustained = 0;
  return {
    record(driftMs) {
      samples[next] = driftMs;
      next = (next + 1) % size;
      sorted.set(samples);
      sorted.sort();
      sustained = sorted[rank]!;
    },
    lag: () => sustained,
  };
}

/**
 * Samples the event loop's lag as timer drift: a timer asked for every `intervalMs` that fires late by `d` means
 * every callback queued meanwhile waited `d`. Each drift is one sample of a `createLagWindow` of `window` samples
 * (default 6: ~0.3 s at rest, over a second once every sample is 150 ms late); the lag is the one sustained over it.
 * The timer is unref'd: it never keeps the process alive.
 */
export function createLagMonitor(options: { intervalMs?: number; window?: number } = {}): {
  lag: LagSource;
  stop(): void;
} {
  const intervalMs = options.intervalMs ?? 50;
  const window = createLagWindow(options.window ?? 6);
  let expected = performance.now() + intervalMs;
  const timer = setInterval(() => {
    const now = performance.now();
    window.record(Math.max(0, now - expected));
    expected = now + intervalMs;
  }, intervalMs);
  timer.unref();
  return { lag: window.lag, stop: () => clearInterval(timer) };
}

/** The login and logout navigations and the demo identity provider's page (the proxy's allow list has no others). */
const LOGIN_NAVIGATION = /^\/api(?:\/utenti\/log(?:in|out)|-public\/sandbox-idp\/login)\/?$/;

/**
 * Never shed: health and metrics (the orchestrator must see the process), static assets (cheap, and a page needs
 * them), React Router's route manifest (`/__manifest?p=…&version=…`, lazy route discovery: without it a click on a
 * link of an already loaded page fails), and the login and logout navigations (and the demo identity provider's page
 * they lead to): cheap redirects, and a citizen who clicked "Accedi" must not read "riprova".
 */
export function isExemptFromShedding(path: string): boolean {
  return (
    isOperationsPath(path) ||
    path === ROUTE_MANIFEST_PATH ||
    isAssetPath(path) ||
    /\.[a-z0-9]{1,8}$/i.test(path) ||
    (path.startsWith("/api") && LOGIN_NAVIGATION.test(path))
  );
}

/**
 * The decision (docs/decisions/overload-shedding.md): shed a new page or API read when
 * - `maxInFlight` reads are already being answered (each page render holds memory until it is sent: a cap keeps the
 *   heap and the served requests' waiting time bounded instead of starting 200 renders at once), or
 * - the event loop's SUSTAINED lag (`LagSource`) is past the threshold while at least `lagMinInFlight` reads are in
 *   flight: the portal's own load is the cause, so shedding helps; a lagging loop with a handful of reads (one
 *   citizen's browser, a neighbour process's busy CPU) sheds nothing.
 * Form posts and other unsafe methods are let through: they finish a citizen's work and carry its input. A threshold
 * or cap of 0 turns that check off; a `lagMinInFlight` of 0 lets the sustained lag alone decide.
 */
export function shouldShed(input: Pressure & { method: string; path: string }): boolean {
  return (
    isSheddableRead(input.method, input.path) &&
    underPressure(
      input.lagMs,
      input.inFlight ?? 0,
      input.thresholdMs,
      input.lagMinInFlight ?? 0,
      input.maxInFlight ?? 0,
    )
  );
}

/** A new page or API read: what may be shed, and what the cap on reads in flight counts. */
function isSheddableRead(method: string, path: string): boolean {
  return (method === "GET" || method === "HEAD") && !isExemptFromShedding(path);
}

type Pressure = {
  lagMs: number;
  thresholdMs: number;
  inFlight?: number;
  lagMinInFlight?: number;
  maxInFlight?: number;
};

// Positional arguments: the middleware calls it on every read without building an object.
function underPressure(
  lagMs: number,
  inFlight: number,
  thresholdMs: number,
  lagMinInFlight: number,
  maxInFlight: number,
): boolean {
  if (maxInFlight > 0 && inFlight >= maxInFlight) return true;
  return thresholdMs > 0 && lagMs > thresholdMs && inFlight >= lagMinInFlight;
}

function shedPage(retryAfterS: number, locale: Locale): string {
  const title = serverText(locale, "server.shed.title");
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head>
<body style="font-family:'Titillium Web',Geneva,Tahoma,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a">
<main><h1 style="font-size:1.75rem">${title}</h1>
<p>${serverText(locale, "server.shed.page", { seconds: retryAfterS })}</p>
<p><a href="">${serverText(locale, "server.shed.reload")}</a></p></main>
</body></html>
`;
}

/**
 * Sheds load early under sustained overload or past the cap on reads in flight
 * (docs/decisions/overload-shedding.md): a short 503 page in the page's language (JSON for API callers) with `Retry-After` and
 * `no-store`, before any rendering or upstream work. Counted in `portal_shed_total`.
 */
export function shedOverload(options: {
  /** The sustained lag (`createLagMonitor`'s). */
  lag: LagSource;
  thresholdMs: number;
  retryAfterS: number;
  metrics: Metrics;
  /** Reads in flight below which the lag sheds nothing (an idle portal); 0 = the lag alone decides. */
  lagMinInFlight?: number;
  /** Reads answered at once (pages and API); 0 = no cap. */
  maxInFlight?: number;
  /** The security headers of the answer (a page's CSP and the rest, or a proxied answer's): set before they would be. */
  setHeaders?: RefusalHeaders;
}): RequestHandler {
  // Written once per language: shedding must cost next to nothing.
  const answers = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      {
        page: shedPage(options.retryAfterS, locale),
        json: JSON.stringify({ status: 503, title: serverText(locale, "server.shed.message"), details: [] }),
      },
    ]),
  ) as Record<Locale, { page: string; json: string }>;
  const { lag, thresholdMs } = options;
  const lagMinInFlight = options.lagMinInFlight ?? 0;
  const maxInFlight = options.maxInFlight ?? 0;
  let inFlight = 0;
  return (req, res, next) => {
    if (!isSheddableRead(req.method, req.path)) return next();
    if (!underPressure(lag(), inFlight, thresholdMs, lagMinInFlight, maxInFlight)) {
      inFlight += 1;
      res.once("close", () => {
        inFlight -= 1;
      });
      return next();
    }
    const api = /^\/api(-public)?(\/|$)/.test(req.path) || wantsJson(req);
    options.metrics.shed.inc({ kind: api ? "api" : "page" });
    res.locals.shed = true;
    res.status(503);
    options.setHeaders?.(req, res);
    res.set({ "retry-after": String(options.retryAfterS), "cache-control": "no-store" });
    const { page, json } = answers[requestLocale(req, res)];
    if (api) res.type("application/json; charset=utf-8").send(json);
    else res.type("text/html; charset=utf-8").send(page);
  };
}
