import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import type { Metrics } from "#server/observability/metrics.ts";
import { RAW_COOKIE_HEADER, type CookieJar } from "#server/middleware/cookies.ts";
import { PORTAL_COOKIES, isPortalCookie } from "#shared/portal-cookies.ts";
import type { TenantRef } from "#server/upstream/tenant-config.ts";
import { maskXsrfToken } from "#server/security/xsrf.ts";
import type { PublicPage } from "./public-pages.ts";

/**
 * The anonymous page cache (docs/decisions/page-cache.md): rendered HTML of a few public pages, per municipality,
 * for visitors who carry nothing that makes a page theirs. Which pages: those whose route module says
 * `handle.pageCache: "public"` (public-pages.ts reads it from the server build's routes). The CSP nonce and the (masked) XSRF token of the render
 * are cut out of the stored bytes and every answer gets its own.
 */

/**
 * Registered portal cookies that leave a page the same for everyone: the XSRF token (substituted per answer), the
 * language (part of the key) and the browser's random id (it only binds the anonymous flows to the browser). Every
 * other registered cookie (maintenance credential, flows, the development logout, and any cookie added to the
 * registry later) makes the page personal.
 */
const NEUTRAL_PORTAL_COOKIES = new Set<string>([
  PORTAL_COOKIES.xsrf.name,
  PORTAL_COOKIES.locale.name,
  PORTAL_COOKIES.browser.name,
]);

export type CookieVerdict = "neutral" | "unknown" | "personal";

/** What a cookie does to the cache: `personal` bypasses it, `unknown` (analytics…) may read but never fill it. */
export function classifyCookie(name: string, identityCookies: readonly string[]): CookieVerdict {
  if (isPortalCookie(name)) return NEUTRAL_PORTAL_COOKIES.has(name) ? "neutral" : "personal";
  for (const pattern of identityCookies) {
    if (pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : name === pattern) return "personal";
  }
  return "unknown";
}

/** The worst verdict over a visitor's cookies. */
export function classifyCookies(cookies: CookieJar, identityCookies: readonly string[]): CookieVerdict {
  let verdict: CookieVerdict = "neutral";
  for (const name of Object.keys(cookies)) {
    const v = classifyCookie(name, identityCookies);
    if (v === "personal") return v;
    if (v === "unknown") verdict = v;
  }
  // A Cookie header that did not parse is no proof of anonymity.
  if (verdict === "neutral" && cookies[RAW_COOKIE_HEADER] === undefined && Object.keys(cookies).length > 0)
    return "unknown";
  return verdict;
}

/** A stored page: its bytes split where the render's nonce or XSRF token stood. */
export type Template = { parts: string[]; slots: ("nonce" | "xsrf")[] };

/** Cuts every occurrence of `nonce` and `xsrf` out of `html`. */
export function makeTemplate(html: string, nonce: string, xsrf: string): Template {
  const parts: string[] = [];
  const slots: Template["slots"] = [];
  let at = 0;
  for (;;) {
    const n = nonce ? html.indexOf(nonce, at) : -1;
    const x = xsrf ? html.indexOf(xsrf, at) : -1;
    if (n < 0 && x < 0) break;
    const useNonce = n >= 0 && (x < 0 || n < x);
    const index = useNonce ? n : x;
    parts.push(html.slice(at, index));
    slots.push(useNonce ? "nonce" : "xsrf");
    at = index + (useNonce ? nonce.length : xsrf.length);
  }
  parts.push(html.slice(at));
  return { parts, slots };
}

export function fillTemplate(template: Template, nonce: string, xsrf: string): string {
  let out = template.parts[0]!;
  for (let i = 0; i < template.slots.length; i++) {
    out += (template.slots[i] === "nonce" ? nonce : xsrf) + template.parts[i + 1]!;
  }
  return out;
}

/** The cache key within a municipality: path, query and language. */
export function pageKey(url: string, locale: string): string {
  return `${locale} ${url}`;
}

type Entry = {
  template: Template;
  status: number;
  headers: [string, string | string[]][];
  /** The municipality configuration objects the page was rendered from (identity compares). */
  version: readonly unknown[];
  bytes: number;
  /** Until when (`now()`) the page is fresh; after that it is served only during an upstream outage. */
  freshUntil: number;
};

export type PageCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  identityCookies: readonly string[];
  /** Whether a path is a page its route module declares public (`publicPagesOf(build.routes)`). */
  publicPage: PublicPage;
  /**
   * The municipality's current configuration (the objects held by the configuration cache); `undefined` while it is
   * not held yet (the page is rendered, and stored with the version its render loaded), `null` while the
   * municipality is in maintenance (nothing is cached).
   */
  versionOf: (tenant: TenantRef) => readonly unknown[] | null | undefined;
  metrics?: Metrics;
  /** Add `X-Cache: HIT|STALE|MISS|BYPASS` to cacheable pages (default true). */
  xCacheHeader?: boolean;
  /**
   * How long past its freshness a page is kept to be served while the upstream is failing (default 1 hour): during
   * an outage the last good page beats a render that can only say the services are down.
   */
  staleIfErrorMs?: number;
  /** The clock, in `performance.now()` time like the upstream failure time (tests inject one). */
  now?: () => number;
};

/**
 * How long after an upstream failure the upstream counts as failing: pages are then served from the cache even when
 * no longer fresh (no render, no call to the failing upstream), and no render is stored. The first request after
 * this quiet time renders again, and so probes the upstream.
 */
const UPSTREAM_QUIET_MS = 5000;
const STALE_IF_ERROR_MS = 60 * 60 * 1000;
/** Longest query string worth a cache entry; longer ones are rendered every time. */
const MAX_QUERY = 256;
/** Headers of the render not kept with the page: per answer, or set again by the portal for every answer. */
const NOT_STORED = new Set([
  "set-cookie",
  "content-length",
  "transfer-encoding",
  "content-encoding",
  "content-security-policy",
  "date",
  "connection",
  "keep-alive",
  "x-request-id",
  "x-cache",
]);

const sameVersion = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** What the cache's parts share: its options, its clock, its counters. */
type CacheContext = {
  options: PageCacheOptions;
  now: () => number;
  count: (event: string) => void;
  lastUpstreamFailure: () => number;
};

/** A visitor whose page is theirs: a citizen's cookies or headers, the maintenance credential, an over-long query. */
function isPersonal(
  req: Request,
  res: Response,
  identityCookies: PageCacheOptions["identityCookies"],
): boolean {
  const queryAt = req.url.indexOf("?");
  return (
    classifyCookies(res.locals.cookies, identityCookies) === "personal" ||
    Object.keys(res.locals.identityHeaders ?? {}).length > 0 ||
    res.locals.maintenanceAuthorization !== undefined ||
    (queryAt >= 0 && req.url.length - queryAt > MAX_QUERY)
  );
}

/** A stored page answered: its headers, and its template filled with this request's nonce and XSRF token. */
function serveStored(res: Response, entry: Entry): void {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res
    .status(entry.status)
    .end(fillTemplate(entry.template, res.locals.cspNonce, maskXsrfToken(res.locals.xsrfToken)));
}

/** The answer's headers worth storing (not the nonce's CSP, the cookies, the request id, the cache mark). */
function storedHeaders(res: Response): Entry["headers"] {
  const headers: Entry["headers"] = [];
  for (const name of res.getHeaderNames()) {
    if (NOT_STORED.has(name)) continue;
    const value = res.getHeader(name);
    if (value !== undefined) headers.push([name, Array.isArray(value) ? value : String(value)]);
  }
  return headers;
}

/** Stores a rendered page when it is the same for every anonymous visitor of the configuration it was made with. */
function store(
  { options, now, count, lastUpstreamFailure }: CacheContext,
  res: Response,
  cache: LRUCache<string, Entry>,
  key: string,
  before: readonly unknown[] | undefined,
  renderStart: number,
  html: string,
) {
  if (res.statusCode !== 200) return;
  // An upstream call failed meanwhile (this render or another): the page may show a degraded state.
  if (lastUpstreamFailure() >= renderStart) return;
  if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
  // The only cookie a cacheable answer may set is the visitor's XSRF token; anything else (a flow, a flash, a
  // language switch) makes it this visitor's answer.
  const cookies = [res.getHeader("set-cookie") ?? []].flat().map(String);
  if (cookies.some((c) => !c.startsWith(`${PORTAL_COOKIES.xsrf.name}=`))) return;
  // The configuration changed while rendering (this page may mix both), or the municipality went into maintenance.
  // Not held before: the render loaded it, and the page is of the version held now.
  const version = options.versionOf(res.locals.portalTenant);
  if (!version || (before && !sameVersion(before, version))) return;
  const template = makeTemplate(html, res.locals.cspNonce, res.locals.services.xsrfToken);
  const bytes = html.length * 2;
  if (bytes > options.maxBytes) return;
  const headers = storedHeaders(res);
  cache.set(key, { template, status: 200, headers, version, bytes, freshUntil: now() + options.ttlMs });
  count("store");
}

/**
 * The cache as an Express middleware, mounted just before React Router (after the nonce, the XSRF cookie, the
 * tenant and the locale are settled). `render` is the rest of the chain: a HIT never calls it.
 */
export function createPageCache(options: PageCacheOptions) {
  const tenants = new Map<string, LRUCache<string, Entry>>();
  const staleIfErrorMs = options.staleIfErrorMs ?? STALE_IF_ERROR_MS;
  const context: CacheContext = {
    options,
    now: options.now ?? (() => performance.now()),
    count: (event) => options.metrics?.cacheEvents.inc({ cache: "pages", event }),
    lastUpstreamFailure: () => options.metrics?.upstreamHealth.lastFailureAt ?? Number.NEGATIVE_INFINITY,
  };
  const { count } = context;
  const cacheFor = (tenantId: string) => {
    let cache = tenants.get(tenantId);
    if (!cache) {
      cache = new LRUCache<string, Entry>({
        max: options.maxEntries,
        maxSize: options.maxBytes,
        sizeCalculation: (e) => Math.max(1, e.bytes),
        // Kept past freshness (`Entry.freshUntil`) for the outage window; lru-cache drops them after it.
        ttl: options.ttlMs + staleIfErrorMs,
      });
      tenants.set(tenantId, cache);
    }
    return cache;
  };
  const mark = (res: Response, value: "HIT" | "STALE" | "MISS" | "BYPASS") => {
    if (options.xCacheHeader !== false) res.setHeader("x-cache", value);
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (options.ttlMs <= 0 || req.method !== "GET" || !options.publicPage(req.path)) return next();
    const tenant = res.locals.portalTenant;
    const version = isPersonal(req, res, options.identityCookies) ? null : options.versionOf(tenant);
    if (version === null) {
      count("bypass");
      mark(res, "BYPASS");
      return next();
    }
    const key = pageKey(req.url, res.locals.locale);
    const cache = cacheFor(tenant.id);
    const entry = cache.get(key);
    const renderStart = context.now();
    const upstreamTroubled = renderStart - context.lastUpstreamFailure() < UPSTREAM_QUIET_MS;
    const current = entry !== undefined && version !== undefined && sameVersion(entry.version, version);
    // A fresh page is served; so is one past its freshness while the upstream is failing (an outage: the last good
    // page, not a render that can only say the services are down, and no call to the failing upstream). Only pages
    // of the municipality's current configuration, and only to visitors this middleware let through above (never a
    // personal one): the same rules as a fresh page.
    const fresh = current && renderStart < entry.freshUntil;
    const withinOutageWindow = current && renderStart < entry.freshUntil + staleIfErrorMs;
    if (current && (fresh || (upstreamTroubled && withinOutageWindow))) {
      count(fresh ? "hit" : "stale-if-error");
      mark(res, fresh ? "HIT" : "STALE");
      return serveStored(res, entry);
    }
    // A page of another configuration goes; one that is only past its freshness stays until this render replaces it,
    // so a render that meets an outage leaves it to be served meanwhile.
    if (entry && !current) {
      count("stale");
      cache.delete(key);
    } else count(entry ? "expired" : "miss");
    mark(res, "MISS");
    // Only a visitor with no cookie but the neutral ones may fill the cache: a session cookie the portal does not know
    // by name cannot put a citizen's page in it.
    const mayStore =
      !upstreamTroubled && classifyCookies(res.locals.cookies, options.identityCookies) === "neutral";
    if (mayStore) capture(res, (html) => store(context, res, cache, key, version, renderStart, html));
    next();
  };

  return {
    middleware,
    clear: () => tenants.clear(),
    /** Drops a municipality's pages (it left the tenants file, or its hosts changed). */
    forget: (tenantId: string) => void tenants.delete(tenantId),
  };
}

/** Copies what the render writes (the answer still streams to the visitor) and hands the whole of it over at the end. */
function capture(res: Response, done: (html: string) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (tooBig || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > 2 * 1024 * 1024) {
      tooBig = true;
      chunks.length = 0;
      return;
    }
    chunks.push(Buffer.from(buffer));
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return write(...args);
  }) as Response["write"];
  res.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    const result = end(...args);
    if (!tooBig) {
      try {
        done(Buffer.concat(chunks).toString("utf8"));
      } catch {
        // a page that cannot be stored is simply not stored
      }
    }
    return result;
  }) as Response["end"];
}
