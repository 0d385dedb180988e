import { readFileSync } from "node:fs";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export type Metrics = ReturnType<typeof createMetrics>;

/** The label of a request no municipality was resolved for (an unknown host, health and metrics, a shed read). */
export const NO_MUNICIPALITY = "none";

const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** What readiness says of each municipality now (createApp registers it: the tenants file bounds the labels). */
type MunicipalityStates = () => Iterable<readonly [municipality: string, state: string]>;
const MUNICIPALITY_STATES = ["ready", "stale", "unavailable"] as const;

/** What the scrape-time gauges read: createApp replaces them (`watchMunicipalities`, `watchStore`). */
type Watched = { municipalityStates: MunicipalityStates; storeHealth: () => { ok: boolean } };

/**
 * The upstream's failures, and when it last failed (performance.now()): the page cache stores nothing and serves
 * stale pages around it.
 */
function upstreamErrorMetrics(registry: Registry) {
  const upstreamErrors = new Counter({
    name: "portal_upstream_errors_total",
    help: "Failed calls to the upstream (network, timeout, 5xx, invalid answer), by service and kind",
    labelNames: ["service", "kind"] as const,
    registers: [registry],
  });
  const upstreamHealth = { lastFailureAt: Number.NEGATIVE_INFINITY };
  const countError = upstreamErrors.inc.bind(upstreamErrors);
  upstreamErrors.inc = ((...args: Parameters<typeof countError>) => {
    upstreamHealth.lastFailureAt = performance.now();
    return countError(...args);
  }) as typeof upstreamErrors.inc;
  return { upstreamErrors, upstreamHealth };
}

/** The gauges of the process's state: its build, each municipality's readiness, the shared store's health. */
function registerStateGauges(registry: Registry, watched: Watched): void {
  new Gauge({
    name: "portal_build_info",
    help: "The running build: the portal's version and Node's (always 1)",
    labelNames: ["version", "node"] as const,
    registers: [registry],
  }).set({ version: PACKAGE_VERSION, node: process.versions.node }, 1);
  new Gauge({
    name: "portal_municipality_state",
    help: "Readiness of each municipality of the tenants file: 1 for its current state (ready; stale: served from the configuration held, its last refresh failed; unavailable: nothing held)",
    labelNames: ["municipality", "state"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [municipality, current] of watched.municipalityStates())
        for (const state of MUNICIPALITY_STATES) this.set({ municipality, state }, state === current ? 1 : 0);
    },
  });
  new Gauge({
    name: "portal_store_up",
    help: "Whether the shared store answers: 1 up, 0 down (Valkey/Redis with REDIS_URL; without it the store is in this process, always 1)",
    registers: [registry],
    collect() {
      this.set(watched.storeHealth().ok ? 1 : 0);
    },
  });
}

/** The requests the portal answers: counted, timed, refused by a rate limit, shed under overload. */
function requestMetrics(registry: Registry) {
  return {
    requests: new Counter({
      name: "portal_requests_total",
      help: "Requests answered, by municipality (none: not resolved), route kind and status class",
      labelNames: ["municipality", "route", "code"] as const,
      registers: [registry],
    }),
    errors: new Counter({
      name: "portal_request_errors_total",
      help: "Requests answered with a server error (5xx: the portal's or its upstream's), by municipality and route kind; reads shed under overload are counted in portal_shed_total instead",
      labelNames: ["municipality", "route"] as const,
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: "portal_rate_limited_total",
      help: "Attempts refused by a rate limit (429), by limiter, scope (client, tenant, contact) and municipality",
      labelNames: ["limiter", "scope", "municipality"] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Duration of HTTP requests served by the portal, by route kind",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    shed: new Counter({
      name: "portal_shed_total",
      help: "Reads answered 503 at once under sustained overload or past the in-flight cap, by kind (page, api)",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
  };
}

/** The tenants file's reloads: their outcomes, whether its content is refused, when it was last read. */
function tenantsFileMetrics(registry: Registry) {
  return {
    tenantsReloads: new Counter({
      name: "portal_tenants_reloads_total",
      help: "Looks at the tenants file, by outcome (unchanged, reloaded, refused: unreadable or invalid, the municipalities in use kept)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    tenantsRefused: new Gauge({
      name: "portal_tenants_file_refused",
      help: "1 while the tenants file's current content is refused (the previous municipalities are served), else 0",
      registers: [registry],
    }),
    tenantsLoaded: new Gauge({
      name: "portal_tenants_last_reload_timestamp_seconds",
      help: "When the municipalities in use were read from the tenants file (start-up or the last reload), Unix time",
      registers: [registry],
    }),
  };
}

/** What the portal depends on: the upstream's and the shared store's durations, its caches and queues. */
function dependencyMetrics(registry: Registry) {
  return {
    storeCommands: new Histogram({
      name: "portal_store_command_duration_seconds",
      help: "Commands to the shared store (Valkey/Redis), by outcome (ok, error: Valkey refused it, unavailable: no answer)",
      labelNames: ["outcome"] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: "portal_upstream_request_duration_seconds",
      help: "Duration of calls to the upstream, by service",
      labelNames: ["service", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    cacheEvents: new Counter({
      name: "portal_cache_events_total",
      help: "Cache hits, misses, stale answers and refresh failures, by cache",
      labelNames: ["cache", "event"] as const,
      registers: [registry],
    }),
    queueEvents: new Counter({
      name: "portal_queue_events_total",
      help: "Requests waiting for an upstream turn: queued, shed (queue full, 429), dropped (caller gone), shared (joined an identical call)",
      labelNames: ["queue", "event"] as const,
      registers: [registry],
    }),
  };
}

/**
 * One registry per app instance, so tests can build many apps without clashing names. Every metric an on-call needs
 * is here (docs/operations.md "Metrics and alerts"); labels are bounded: route kinds, the municipalities of the
 * tenants file (`municipality`), limiter and cache names, outcomes. Never a path, a host or a client.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const watched: Watched = { municipalityStates: () => [], storeHealth: () => ({ ok: true }) };
  const { upstreamErrors, upstreamHealth } = upstreamErrorMetrics(registry);
  registerStateGauges(registry, watched);
  return {
    upstreamHealth,
    registry,
    /** createApp: the municipalities' readiness (`portal_municipality_state`), read at each scrape. */
    watchMunicipalities(states: MunicipalityStates) {
      watched.municipalityStates = states;
    },
    /** createApp: the shared store's health (`portal_store_up`), read at each scrape. */
    watchStore(health: () => { ok: boolean }) {
      watched.storeHealth = health;
    },
    upstreamErrors,
    ...requestMetrics(registry),
    ...tenantsFileMetrics(registry),
    ...dependencyMetrics(registry),
  };
}
