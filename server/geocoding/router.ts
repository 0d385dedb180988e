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
import { createThrottle } from "./throttle.ts";

export type GeocodingOptions = {
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  metrics: Metrics;
  minIntervalMs?: number;
};

type Answer = Place[] | Place;

function invalid(res: Response, error: z.ZodError) {
  res.status(400).json({
    status: 400,
    title: "Parametri di ricerca non validi.",
    details: error.issues.map((i) => i.message),
  });
}

/**
 * Geocoding for the disruption report: whitelisted parameters only, `format=json` and address details forced,
 * answers checked with zod, an LRU cache, one upstream request per second and an identifying User-Agent.
 */
export function geocodingRouter(options: GeocodingOptions): Router {
  const cache = new LRUCache<string, Answer>({ max: 500, ttl: 24 * 60 * 60 * 1000 });
  const throttle = createThrottle(options.minIntervalMs ?? 1000);
  const router = Router();

  async function lookup(
    path: string,
    params: Record<string, string>,
    schema: z.ZodType<Answer>,
  ): Promise<Answer> {
    const url = new URL(path, options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
    for (const [k, v] of Object.entries({
      ...params,
      format: "json",
      addressdetails: "1",
      "accept-language": "it",
    })) {
      url.searchParams.set(k, v);
    }
    const key = url.search;
    const cached = cache.get(key);
    if (cached) {
      options.metrics.cacheEvents.inc({ cache: "geocoding", event: "hit" });
      return cached;
    }
    options.metrics.cacheEvents.inc({ cache: "geocoding", event: "miss" });
    const answer = await throttle(async () => {
      const started = performance.now();
      const res = await fetch(url, {
        headers: { "user-agent": options.userAgent, accept: "application/json" },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      options.metrics.upstreamDuration.observe(
        { service: "geocoding", status: String(res.status) },
        (performance.now() - started) / 1000,
      );
      if (!res.ok) throw new Error(`geocoder HTTP ${res.status}`);
      return schema.parse(await res.json());
    });
    cache.set(key, answer);
    return answer;
  }

  async function handle(res: Response, run: () => Promise<Answer>) {
    try {
      res.json(await run());
    } catch (error) {
      options.metrics.upstreamErrors.inc({
        service: "geocoding",
        kind: (error as Error).name === "TimeoutError" ? "timeout" : "status",
      });
      const timeout = (error as Error).name === "TimeoutError";
      res.status(timeout ? 504 : 502).json({
        status: timeout ? 504 : 502,
        title:
          "Il servizio di ricerca degli indirizzi non è disponibile in questo momento. Riprova più tardi.",
        details: [],
      });
    }
  }

  router.get("/search", (req: Request, res: Response) => {
    const parsed = SearchQuerySchema.safeParse(req.query);
    if (!parsed.success) return invalid(res, parsed.error);
    const { q, limit } = parsed.data;
    return handle(res, () =>
      lookup("search", { q, limit: String(limit), countrycodes: "it" }, SearchAnswerSchema),
    );
  });

  router.get("/reverse", (req: Request, res: Response) => {
    const parsed = ReverseQuerySchema.safeParse(req.query);
    if (!parsed.success) return invalid(res, parsed.error);
    const { lat, lon } = parsed.data;
    return handle(res, () => lookup("reverse", { lat: String(lat), lon: String(lon) }, PlaceSchema));
  });

  return router;
}
