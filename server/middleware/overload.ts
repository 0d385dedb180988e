import type { RequestHandler } from "express";
import type { Metrics } from "#server/observability/metrics.ts";
import { wantsJson } from "./plain-page.ts";

/** The event loop's current lag in milliseconds. */
export type LagSource = () => number;

/**
 * Samples the event loop's lag as timer drift: a timer asked for every `intervalMs` that fires late by `d` means
 * every callback queued meanwhile waited `d`. The lag is the latest drift, decaying by half per quiet sample so that
 * one slow tick does not shed for long. The timer is unref'd: it never keeps the process alive.
 */
export function createLagMonitor(options: { intervalMs?: number } = {}): { lag: LagSource; stop(): void } {
  const intervalMs = options.intervalMs ?? 50;
  let lag = 0;
  let expected = performance.now() + intervalMs;
  const timer = setInterval(() => {
    const now = performance.now();
    const drift = Math.max(0, now - expected);
    lag = Math.max(drift, lag / 2);
    expected = now + intervalMs;
  }, intervalMs);
  timer.unref();
  return { lag: () => lag, stop: () => clearInterval(timer) };
}

/** Never shed: health and metrics (the orchestrator must see the process), static assets (cheap, and a page needs them). */
export function isExemptFromShedding(path: string): boolean {
  return (
    path === "/healthz" ||
    path === "/livez" ||
    path === "/readyz" ||
    path === "/metrics" ||
    path.startsWith("/assets/") ||
    /\.[a-z0-9]{1,8}$/i.test(path)
  );
}

/**
 * The decision: shed a new page or API read when the event loop lags past the threshold, or when `maxInFlight` reads
 * are already being answered (each page render holds memory until it is sent: a cap keeps the heap and the served
 * requests' waiting time bounded instead of starting 200 renders at once). Form posts and other unsafe methods are
 * let through: they finish a citizen's work and carry its input. A threshold or cap of 0 turns that check off.
 */
export function shouldShed(input: Pressure & { method: string; path: string }): boolean {
  return isSheddableRead(input.method, input.path) && underPressure(input);
}

/** A new page or API read: what may be shed, and what the cap on reads in flight counts. */
function isSheddableRead(method: string, path: string): boolean {
  return (method === "GET" || method === "HEAD") && !isExemptFromShedding(path);
}

type Pressure = { lagMs: number; thresholdMs: number; inFlight?: number; maxInFlight?: number };

function underPressure(input: Pressure): boolean {
  const lagging = input.thresholdMs > 0 && input.lagMs > input.thresholdMs;
  const crowded = (input.maxInFlight ?? 0) > 0 && (input.inFlight ?? 0) >= (input.maxInFlight ?? 0);
  return lagging || crowded;
}

export const SHED_TITLE = "Il portale è molto richiesto in questo momento";
export const SHED_MESSAGE =
  "Il portale è molto richiesto in questo momento: riprova tra qualche secondo. Ci scusiamo per il disagio.";

function shedPage(retryAfterS: number): string {
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${SHED_TITLE}</title></head>
<body style="font-family:'Titillium Web',Geneva,Tahoma,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a">
<main><h1 style="font-size:1.75rem">${SHED_TITLE}</h1>
<p>Stiamo ricevendo molte richieste tutte insieme. Riprova tra ${retryAfterS} secondi: ci scusiamo per il disagio.</p>
<p><a href="">Ricarica la pagina</a></p></main>
</body></html>
`;
}

/**
 * Sheds load early when the event loop lags (docs/decisions/overload-shedding.md): a short Italian 503 page (JSON
 * for API callers) with `Retry-After` and `no-store`, before any rendering or upstream work. Counted in
 * `portal_shed_total`.
 */
export function shedOverload(options: {
  lag: LagSource;
  thresholdMs: number;
  retryAfterS: number;
  metrics: Metrics;
  /** Reads answered at once (pages and API); 0 = no cap. */
  maxInFlight?: number;
}): RequestHandler {
  const page = shedPage(options.retryAfterS);
  const json = JSON.stringify({ status: 503, title: SHED_MESSAGE, details: [] });
  let inFlight = 0;
  return (req, res, next) => {
    if (!isSheddableRead(req.method, req.path)) return next();
    const pressure = {
      lagMs: options.lag(),
      thresholdMs: options.thresholdMs,
      inFlight,
      maxInFlight: options.maxInFlight,
    };
    if (!underPressure(pressure)) {
      inFlight += 1;
      res.once("close", () => {
        inFlight -= 1;
      });
      return next();
    }
    const api = /^\/api(-public)?(\/|$)/.test(req.path) || wantsJson(req);
    options.metrics.shed.inc({ kind: api ? "api" : "page" });
    res.status(503).set({ "retry-after": String(options.retryAfterS), "cache-control": "no-store" });
    if (api) res.type("application/json; charset=utf-8").send(json);
    else res.type("text/html; charset=utf-8").send(page);
  };
}
