import { Router, type Request, type Response } from "express";
import { LRUCache } from "lru-cache";
import type { z } from "zod";
import type { Metrics } from "#server/observability/metrics.ts";
import {
  PlaceSchema,
  ReverseQuerySchema,
  SearchAnswerSchema,
  SearchQuerySchema,
  type Place,
} from "./schemas.ts";
import { disconnectSignal } from "./disconnect-signal.ts";
import { QueueFullError, createFairQueue, sharedSlot } from "./throttle.ts";
import { redisBackend } from "#shared/store-port.server.ts";
import { callHttp } from "#server/upstream/http.ts";
import { UpstreamError } from "#server/upstream/errors.ts";
import { isServerTextKey, requestLocale, serverText } from "#server/texts.ts";

export type GeocodingOptions = {
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  metrics: Metrics;
  minIntervalMs?: number;
  /** Lookups that may wait for their upstream turn, all clients together (default 20). */
  queueMax?: number;
  /** Lookups that may wait for their upstream turn per client address (default 3). */
  queuePerClient?: number;
};

type Answer = Place[] | Place;

/** One upstream call shared by every caller asking the same question meanwhile. */
type Flight = {
  promise: Promise<Answer>;
  waiters: number;
  started: () => boolean;
  controller: AbortController;
};

/** A refused search, in the page's language; the schemas' own messages are server texts' keys (schemas.ts). */
function invalid(req: Request, res: Response, error: z.ZodError) {
  const locale = requestLocale(req, res);
  res.status(400).json({
    status: 400,
    title: serverText(locale, "server.geocoding.invalid"),
    details: error.issues.map((i) =>
      isServerTextKey(i.message) ? serverText(locale, i.message) : i.message,
    ),
  });
}

const isTimeout = (error: unknown) => error instanceof UpstreamError && error.kind === "timeout";

/**
 * Geocoding for the disruption report: whitelisted parameters only, `format=json` and address details forced,
 * answers checked with zod, an LRU cache, an identifying User-Agent and one upstream request per second. Cache
 * misses wait in a bounded queue shared fairly between client addresses (429 with `Retry-After` when full); a
 * caller who goes away leaves the queue, and identical questions asked meanwhile share one upstream call.
 */
export function geocodingRouter(options: GeocodingOptions): Router {
  return createGeocoding(options).router;
}

/** What pages may ask directly (the disruption report's address search without JavaScript): same cache and queue. */
export type Geocoder = {
  search(q: string, client: string, signal: AbortSignal): Promise<Place[]>;
  reverse(lat: number, lon: number, client: string, signal: AbortSignal): Promise<Place>;
};

/** On the portal's one outbound HTTP client: timeout, `ok` check, zod parse, metrics (service `geocoding`). */
async function fetchAnswer(
  options: GeocodingOptions,
  path: string,
  query: Record<string, string>,
  schema: z.ZodType<Answer>,
) {
  const headers = { "user-agent": options.userAgent, accept: "application/json" };
  const target = {
    baseUrl: options.baseUrl,
    headers,
    timeoutMs: options.timeoutMs,
    metrics: options.metrics,
  };
  return (await callHttp(target, { service: "geocoding", path, query, schema })).data;
}

/** The lookups' shared state: the answers cached, the fair queue to the upstream, the flights in the air. */
type Lookups = {
  cache: LRUCache<string, Answer>;
  queue: ReturnType<typeof createFairQueue>;
  flights: Map<string, Flight>;
};

/** A new upstream call, queued for `client`; its answer is cached. */
function startFlight(
  { cache, queue, flights }: Lookups,
  key: string,
  client: string,
  run: () => Promise<Answer>,
) {
  const controller = new AbortController();
  let started = false;
  const promise = queue
    .schedule(
      client,
      async () => {
        started = true;
        const answer = await run();
        cache.set(key, answer);
        return answer;
      },
      controller.signal,
    )
    .finally(() => {
      if (flights.get(key) === flight) flights.delete(key);
    });
  // Callers each handle the outcome; a flight whose callers all left before joining must not be an unhandled
  // rejection (it would end the process).
  promise.catch(() => undefined);
  const flight: Flight = { promise, waiters: 0, started: () => started, controller };
  flights.set(key, flight);
  return flight;
}

/** Waits for the flight's answer; the last caller to leave takes a flight that has not started off the queue. */
function joinFlight(
  flights: Lookups["flights"],
  flight: Flight,
  key: string,
  signal: AbortSignal,
): Promise<Answer> {
  flight.waiters++;
  return new Promise<Answer>((resolve, reject) => {
    const leave = () => {
      flight.waiters--;
      if (flight.waiters === 0 && !flight.started()) {
        if (flights.get(key) === flight) flights.delete(key);
        flight.controller.abort(signal.reason);
      }
      reject(signal.reason);
    };
    if (signal.aborted) return leave();
    signal.addEventListener("abort", leave, { once: true });
    flight.promise.then(
      (answer) => {
        signal.removeEventListener("abort", leave);
        resolve(answer);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", leave);
        reject(error);
      },
    );
  });
}

type Lookup = (
  path: string,
  params: Record<string, string>,
  schema: z.ZodType<Answer>,
  client: string,
  signal: AbortSignal,
) => Promise<Answer>;

/** A lookup: from the cache, else joining the same question's flight, else a new flight in the fair queue. */
function createLookup(options: GeocodingOptions): Lookup {
  const lookups: Lookups = {
    cache: new LRUCache<string, Answer>({ max: 500, ttl: 24 * 60 * 60 * 1000 }),
    queue: createFairQueue({
      intervalMs: options.minIntervalMs ?? 1000,
      maxQueued: options.queueMax ?? 20,
      maxPerClient: options.queuePerClient ?? 3,
      onEvent: (event) => options.metrics.queueEvents.inc({ queue: "geocoding", event }),
      // Nominatim's 1 request/s is one budget for all replicas (in Valkey when REDIS_URL is set).
      slot: redisBackend() ? sharedSlot("geocoding", options.minIntervalMs ?? 1000) : undefined,
    }),
    flights: new Map<string, Flight>(),
  };
  return async (path, params, schema, client, signal) => {
    const query = { ...params, format: "json", addressdetails: "1", "accept-language": "it" };
    const key = `${path}?${new URLSearchParams(query).toString()}`;
    const cached = lookups.cache.get(key);
    if (cached) {
      options.metrics.cacheEvents.inc({ cache: "geocoding", event: "hit" });
      return cached;
    }
    options.metrics.cacheEvents.inc({ cache: "geocoding", event: "miss" });
    let flight = lookups.flights.get(key);
    if (flight) options.metrics.queueEvents.inc({ queue: "geocoding", event: "shared" });
    else flight = startFlight(lookups, key, client, () => fetchAnswer(options, path, query, schema));
    return joinFlight(lookups.flights, flight, key, signal);
  };
}

/** Answers a browser's lookup: the JSON answer, 429 when the queue is full, 502/504 when the upstream fails. */
async function answer(
  lookup: Lookup,
  req: Request,
  res: Response,
  path: string,
  params: Record<string, string>,
  schema: z.ZodType<Answer>,
) {
  const signal = disconnectSignal(res);
  if (signal.aborted) return; // gone before asking: nothing to look up for nobody
  try {
    res.json(await lookup(path, params, schema, req.ip ?? "unknown", signal));
  } catch (error) {
    if (error instanceof QueueFullError) {
      res
        .status(429)
        .set({ "retry-after": String(error.retryAfterS), "cache-control": "no-store" })
        .json({
          status: 429,
          title: serverText(requestLocale(req, res), "server.geocoding.busy"),
          details: [],
        });
      return;
    }
    if (signal.aborted) return; // nobody is left to answer
    const status = isTimeout(error) ? 504 : 502;
    res.status(status).json({
      status,
      title: serverText(requestLocale(req, res), "server.geocoding.unavailable"),
      details: [],
    });
  }
}

/** The `/geocoding` router and, sharing its cache and fair queue, the same lookups for server-side callers. */
export function createGeocoding(options: GeocodingOptions): { router: Router } & Geocoder {
  const lookup = createLookup(options);
  const router = Router();

  router.get("/search", (req: Request, res: Response) => {
    const parsed = SearchQuerySchema.safeParse(req.query);
    if (!parsed.success) return invalid(req, res, parsed.error);
    const { q, limit } = parsed.data;
    return answer(
      lookup,
      req,
      res,
      "search",
      { q, limit: String(limit), countrycodes: "it" },
      SearchAnswerSchema,
    );
  });

  router.get("/reverse", (req: Request, res: Response) => {
    const parsed = ReverseQuerySchema.safeParse(req.query);
    if (!parsed.success) return invalid(req, res, parsed.error);
    const { lat, lon } = parsed.data;
    return answer(lookup, req, res, "reverse", { lat: String(lat), lon: String(lon) }, PlaceSchema);
  });

  return {
    router,
    search: async (q, client, signal) =>
      (await lookup(
        "search",
        { q, limit: "5", countrycodes: "it" },
        SearchAnswerSchema,
        client,
        signal,
      )) as Place[],
    reverse: async (lat, lon, client, signal) =>
      (await lookup("reverse", { lat: String(lat), lon: String(lon) }, PlaceSchema, client, signal)) as Place,
  };
}
