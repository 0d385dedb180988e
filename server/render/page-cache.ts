import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { IncomingHttpHeaders } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { parse as parseCookieHeader } from "cookie";
import type { Metrics } from "#server/observability/metrics.ts";
import { RAW_COOKIE_HEADER, type CookieJar } from "#server/middleware/cookies.ts";
import { PORTAL_COOKIES, isPortalCookie } from "#shared/portal-cookies.ts";
import type { TenantRef } from "#server/upstream/tenant-config.ts";
import type { Tenant } from "#config/tenants.ts";
import type { PublicPage } from "./public-pages.ts";

/**
 * The anonymous page cache (docs/decisions/page-cache.md): rendered HTML of a few public pages, per municipality,
 * for visitors who carry nothing that makes a page theirs. Which pages: those whose route module says
 * `handle.pageCache: "public"` (public-pages.ts reads it from the server build's routes). Such a page is the same
 * for every anonymous visitor (docs/decisions/anonymous-pages.md): no XSRF token in it, no cookie with it, its inline
 * scripts allowed by their hashes; so it is answered with `Cache-Control: public, s-maxage=…` for the caches in front
 * too, and a HIT is one lookup and one write of precomputed bytes (`lane`, mounted before the document's headers).
 */

/**
 * Registered portal cookies that leave a page the same for everyone: the XSRF token (an anonymous page carries none),
 * the language (part of the key) and the browser's random id (it only binds the anonymous flows to the browser).
 * Every other registered cookie (maintenance credential, flows, the development logout, and any cookie added to the
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

/** The cache key within a municipality: path, query and language. */
export function pageKey(url: string, locale: string): string {
  return `${locale} ${url}`;
}

/**
 * A rendered anonymous page made the same for every visitor: the render's nonce attributes removed, and the
 * `'sha256-…'` source of each inline script for its CSP (a strict hash-based script policy). `undefined` when the
 * nonce still shows anywhere else: such a page is not stored.
 */
export function publicDocument(
  html: string,
  nonce: string,
): { html: string; scriptHashes: string[] } | undefined {
  const stripped = nonce ? html.split(` nonce="${nonce}"`).join("") : html;
  if (nonce && stripped.includes(nonce)) return undefined;
  const hashes = new Set<string>();
  for (const [, attributes, body] of stripped.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return { html: stripped, scriptHashes: [...hashes] };
}

/** The render's CSP with its `'nonce-…'` source replaced by the page's script hashes. */
export function hashPolicy(policy: string, nonce: string, scriptHashes: readonly string[]): string {
  return policy.replace(`'nonce-${nonce}'`, scriptHashes.join(" ") || "'none'");
}

/** How an answer of a stored page is marked, encoded and cached downstream: one precomputed head each. */
type Variant = { mark: "HIT" | "STALE" | "MISS"; gzip: boolean; shared: boolean };

type Entry = {
  body: Buffer;
  gzipped: Buffer;
  status: number;
  /** The answer's headers but the per-answer ones (cache policy, cache mark, encoding, length). */
  headers: [string, string][];
  /** Raw header lists ready for `writeHead`, by variant (made on first use). */
  heads: Map<string, string[]>;
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
  /** How long a cache in front may serve a page past its `s-maxage` while it fetches a new one (seconds, default 60). */
  staleWhileRevalidateS?: number;
  /** The clock, in `performance.now()` time like the upstream failure time (tests inject one). */
  now?: () => number;
  /**
   * What the fast lane (`lane`, before the document headers, the tenant and the cookies are settled) needs: the
   * request's municipality when its Host is plainly valid (else the full chain answers), and the names of the trusted
   * identity headers (a request carrying one is a citizen's).
   */
  lane?: {
    tenantOf: (req: Request) => Tenant | undefined;
    identityHeaders: readonly string[];
  };
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
/** Largest page kept (and buffered before it is sent): beyond it the render streams and nothing is stored. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Headers of the render not kept with the page: per answer, or set again by the portal for every answer. */
const NOT_STORED = new Set([
  "set-cookie",
  "content-length",
  "transfer-encoding",
  "content-encoding",
  "content-security-policy",
  "cache-control",
  "vary",
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
  /** `Cache-Control` of an anonymous page that caches in front may keep. */
  sharedPolicy: string;
  /** How long past its freshness a page is still served while the upstream fails. */
  staleIfErrorMs: number;
};

function cacheContext(options: PageCacheOptions): CacheContext {
  const ttlS = Math.max(0, Math.floor(options.ttlMs / 1000));
  return {
    options,
    now: options.now ?? (() => performance.now()),
    count: (event) => options.metrics?.cacheEvents.inc({ cache: "pages", event }),
    lastUpstreamFailure: () => options.metrics?.upstreamHealth.lastFailureAt ?? Number.NEGATIVE_INFINITY,
    // Browsers revalidate every time (max-age=0): only caches in front keep the page, for the portal's own TTL.
    sharedPolicy: `public, max-age=0, s-maxage=${ttlS}, stale-while-revalidate=${options.staleWhileRevalidateS ?? 60}`,
    staleIfErrorMs: options.staleIfErrorMs ?? STALE_IF_ERROR_MS,
  };
}

/** The stored page to answer now (fresh, or within the outage window while the upstream fails), if any. */
function servable(
  context: CacheContext,
  entry: Entry | undefined,
  version: readonly unknown[] | undefined,
  at: number,
): "HIT" | "STALE" | undefined {
  if (entry === undefined || version === undefined || !sameVersion(entry.version, version)) return undefined;
  if (at < entry.freshUntil) return "HIT";
  const upstreamTroubled = at - context.lastUpstreamFailure() < UPSTREAM_QUIET_MS;
  return upstreamTroubled && at < entry.freshUntil + context.staleIfErrorMs ? "STALE" : undefined;
}

/** The pages kept for one municipality (made on its first page). */
function tenantCache(context: CacheContext, tenants: Map<string, LRUCache<string, Entry>>, tenantId: string) {
  let cache = tenants.get(tenantId);
  if (!cache) {
    cache = new LRUCache<string, Entry>({
      max: context.options.maxEntries,
      maxSize: context.options.maxBytes,
      sizeCalculation: (e) => Math.max(1, e.bytes),
      // Kept past freshness (`Entry.freshUntil`) for the outage window; lru-cache drops them after it.
      ttl: context.options.ttlMs + context.staleIfErrorMs,
    });
    tenants.set(tenantId, cache);
  }
  return cache;
}

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

const acceptsGzip = (headers: IncomingHttpHeaders) => /\bgzip\b/i.test(headers["accept-encoding"] ?? "");

/**
 * The head of one variant of a stored page, as a raw list for `writeHead`: the stored headers, the cache policy
 * (`public, s-maxage` only for a page any visitor may get from a cache in front; a stale one during an outage is
 * never offered to them), `Vary`, the encoding, the length and the cache mark.
 */
function headOf(context: CacheContext, entry: Entry, variant: Variant): string[] {
  const name = `${variant.mark}${variant.gzip ? "z" : ""}${variant.shared ? "s" : ""}`;
  let head = entry.heads.get(name);
  if (head) return head;
  head = [];
  for (const [field, value] of entry.headers) head.push(field, value);
  head.push("cache-control", variant.shared ? context.sharedPolicy : "no-store");
  // The page differs by language and by being a citizen's (both in Cookie), and by its encoding; never by
  // Accept-Language (the language is the cookie's or `?lang`'s).
  head.push("vary", "Accept-Encoding, Cookie");
  if (variant.shared) head.push("x-accel-buffering", "yes");
  if (variant.gzip) head.push("content-encoding", "gzip");
  head.push("content-length", String((variant.gzip ? entry.gzipped : entry.body).length));
  if (context.options.xCacheHeader !== false) head.push("x-cache", variant.mark);
  entry.heads.set(name, head);
  return head;
}

/** A stored page answered: one precomputed head and the stored bytes (compressed when the visitor takes gzip). */
function serveStored(
  context: CacheContext,
  req: Request,
  res: Response,
  entry: Entry,
  mark: Variant["mark"],
  shared: boolean,
): void {
  const gzip = acceptsGzip(req.headers);
  // Whatever the chain set before (the render's nonce CSP, the default policy) gives way to the page's own head.
  for (const name of res.getHeaderNames()) if (name !== "x-request-id") res.removeHeader(name);
  res.writeHead(entry.status, headOf(context, entry, { mark, gzip, shared: shared && mark !== "STALE" }));
  res.end(gzip ? entry.gzipped : entry.body);
}

/** The answer's headers worth storing (not the nonce's CSP, the cookies, the request id, the cache policy). */
function storedHeaders(res: Response, policy: string): Entry["headers"] {
  const headers: Entry["headers"] = [];
  for (const name of res.getHeaderNames()) {
    if (NOT_STORED.has(name)) continue;
    const value = res.getHeader(name);
    if (value === undefined) continue;
    for (const one of [value].flat()) headers.push([name, String(one)]);
  }
  if (policy) headers.push(["content-security-policy", policy]);
  return headers;
}

/**
 * The entry of a rendered page when it is the same for every anonymous visitor of the configuration it was made with:
 * a 200 HTML page, no cookie set, no upstream failure meanwhile, the configuration unchanged.
 */
function entryOf(
  { options, now, lastUpstreamFailure }: CacheContext,
  res: Response,
  before: readonly unknown[] | undefined,
  renderStart: number,
  html: string,
): Entry | undefined {
  if (res.statusCode !== 200) return undefined;
  // An upstream call failed meanwhile (this render or another): the page may show a degraded state.
  if (lastUpstreamFailure() >= renderStart) return undefined;
  if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return undefined;
  // An anonymous page sets no cookie; one that does (a flow, a flash, a language switch) is this visitor's answer.
  if (res.getHeader("set-cookie") !== undefined) return undefined;
  // The configuration changed while rendering (this page may mix both), or the municipality went into maintenance.
  // Not held before: the render loaded it, and the page is of the version held now.
  const version = options.versionOf(res.locals.portalTenant);
  if (!version || (before && !sameVersion(before, version))) return undefined;
  const nonce = res.locals.cspNonce ?? "";
  const page = publicDocument(html, nonce);
  if (!page) return undefined;
  const body = Buffer.from(page.html, "utf8");
  const bytes = body.length * 2;
  if (bytes > options.maxBytes) return undefined;
  const policy = String(res.getHeader("content-security-policy") ?? "");
  return {
    body,
    gzipped: gzipSync(body),
    status: 200,
    headers: storedHeaders(res, policy ? hashPolicy(policy, nonce, page.scriptHashes) : ""),
    heads: new Map(),
    version,
    bytes,
    freshUntil: now() + options.ttlMs,
  };
}

declare module "express-serve-static-core" {
  interface Locals {
    /**
     * This answer is an anonymous public page (the same for every anonymous visitor): no XSRF token in it, no cookie
     * with it. Set by the page cache before the render.
     */
    anonymousPage?: boolean;
  }
}

/** Whether a Cookie header holds only cookies that leave a page the same for everyone (or nothing). */
function neutralCookieHeader(header: string | undefined, identityCookies: readonly string[]): boolean {
  if (header === undefined || header === "") return true;
  if (header.length > 8192) return false;
  try {
    const jar: CookieJar = parseCookieHeader(header);
    jar[RAW_COOKIE_HEADER] = header;
    return classifyCookies(jar, identityCookies) === "neutral";
  } catch {
    return false;
  }
}

/**
 * The cache as Express middleware: `middleware`, mounted just before React Router (after the nonce, the tenant, the
 * cookies and the locale are settled), and `lane`, mounted right after the request gate, which answers the plainest
 * HIT (a GET of a public page by a visitor with no cookie but the neutral ones) before any of that.
 */
export function createPageCache(options: PageCacheOptions) {
  const tenants = new Map<string, LRUCache<string, Entry>>();
  const context = cacheContext(options);
  const { count } = context;
  const cacheFor = (tenantId: string) => tenantCache(context, tenants, tenantId);
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
    // Only a visitor with no cookie but the neutral ones gets the page every anonymous visitor gets (and a cache in
    // front may keep it); one with an unknown cookie (analytics, or a session cookie the portal does not know by name)
    // may read the cache, but is answered `no-store` and never fills it.
    const anonymous = classifyCookies(res.locals.cookies, options.identityCookies) === "neutral";
    // A fresh page is served; so is one past its freshness while the upstream is failing (an outage: the last good
    // page, not a render that can only say the services are down, and no call to the failing upstream). Only pages
    // of the municipality's current configuration, and only to visitors this middleware let through above (never a
    // personal one): the same rules as a fresh page.
    const served = servable(context, entry, version, renderStart);
    if (served) {
      count(served === "HIT" ? "hit" : "stale-if-error");
      return serveStored(context, req, res, entry!, served, anonymous);
    }
    // A page of another configuration goes; one that is only past its freshness stays until this render replaces it,
    // so a render that meets an outage leaves it to be served meanwhile.
    const current = entry !== undefined && version !== undefined && sameVersion(entry.version, version);
    if (entry && !current) {
      count("stale");
      cache.delete(key);
    } else count(entry ? "expired" : "miss");
    mark(res, "MISS");
    // A `?lang=` switch sets the language cookie: this visitor's answer, rendered as any other page.
    if (!anonymous || res.getHeader("set-cookie") !== undefined) return next();
    res.locals.anonymousPage = true;
    // The whole page is rendered before it is sent (public pages have no deferred data), so that this first answer is
    // already the page every visitor gets, and a cache in front may keep it too.
    const upstreamTroubled = renderStart - context.lastUpstreamFailure() < UPSTREAM_QUIET_MS;
    holdUntilRendered(res, (html, send) => {
      const stored = upstreamTroubled ? undefined : entryOf(context, res, version, renderStart, html);
      if (!stored) {
        return send();
      }
      cache.set(key, stored);
      count("store");
      serveStored(context, req, res, stored, "MISS", true);
    });
    next();
  };

  const lane = fastLane(context, tenants);

  return {
    middleware,
    lane,
    clear: () => tenants.clear(),
    /** Drops a municipality's pages (it left the tenants file, or its hosts changed). */
    forget: (tenantId: string) => void tenants.delete(tenantId),
  };
}

/**
 * The fast lane: a GET of a public page by a visitor with no cookie but the neutral ones, no identity header and a
 * plainly valid Host, whose page is stored and fresh, is answered here with one lookup and one write. Anything
 * else (and every doubt) goes on to the full chain, whose `middleware` decides as above.
 */
function fastLane(
  context: CacheContext,
  tenants: ReadonlyMap<string, LRUCache<string, Entry>>,
): RequestHandler {
  const options = context.options;
  const laneOptions = options.lane;
  return (req, res, next) => {
    if (!laneOptions || options.ttlMs <= 0 || req.method !== "GET") return next();
    const url = req.url;
    if (url.charCodeAt(0) !== 47 /* "/" */) return next();
    const queryAt = url.indexOf("?");
    if (queryAt >= 0 && (url.length - queryAt > MAX_QUERY || url.includes("lang=", queryAt))) return next();
    if (!options.publicPage(queryAt < 0 ? url : url.slice(0, queryAt))) return next();
    const headers = req.headers;
    if (headers.authorization !== undefined) return next();
    for (const name of laneOptions.identityHeaders) if (headers[name] !== undefined) return next();
    const cookie = headers.cookie;
    if (!neutralCookieHeader(cookie, options.identityCookies)) return next();
    const tenant = laneOptions.tenantOf(req);
    if (!tenant) return next();
    const entry = tenants.get(tenant.id)?.get(pageKey(url, localeOf(cookie)));
    if (entry === undefined) return next();
    if (servable(context, entry, options.versionOf(tenant) ?? undefined, context.now()) !== "HIT")
      return next();
    context.count("hit");
    // Whose page it was, for the access log and the per-municipality metrics (the tenant middleware did not run).
    res.locals.portalTenant = tenant;
    res.writeHead(
      entry.status,
      headOf(context, entry, { mark: "HIT", gzip: acceptsGzip(headers), shared: true }),
    );
    res.end(acceptsGzip(headers) ? entry.gzipped : entry.body);
  };
}

/** The language of a visitor with neutral cookies: the `lang` cookie's (as `resolveLocale` reads it). */
function localeOf(cookie: string | undefined): "it" | "en" {
  if (cookie === undefined || !cookie.includes(PORTAL_COOKIES.locale.name)) return "it";
  try {
    return parseCookieHeader(cookie)[PORTAL_COOKIES.locale.name] === "en" ? "en" : "it";
  } catch {
    return "it";
  }
}

/**
 * Holds what the render writes instead of sending it; at its end, `done` gets the whole page and `send`, which sends
 * it as it was rendered. A page larger than MAX_PAGE_BYTES is sent as it streams and `done` is never called.
 */
function holdUntilRendered(res: Response, done: (html: string, send: () => void) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const write = res.write;
  const end = res.end;
  const restore = () => {
    res.write = write;
    res.end = end;
  };
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    chunks.push(Buffer.from(buffer));
  };
  res.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    if (size > MAX_PAGE_BYTES) {
      // Too large to hold: what was held goes out, and the rest streams.
      restore();
      return res.write(Buffer.concat(chunks.splice(0)));
    }
    const callback = args.find((a) => typeof a === "function") as (() => void) | undefined;
    if (callback) process.nextTick(callback);
    return true;
  }) as Response["write"];
  res.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    restore();
    const callback = args.find((a) => typeof a === "function") as (() => void) | undefined;
    const body = Buffer.concat(chunks);
    const send = () => void res.end(body, callback);
    try {
      done(body.toString("utf8"), send);
    } catch {
      // a page that cannot be stored is simply sent as rendered
      if (!res.headersSent) send();
    }
    return res;
  }) as Response["end"];
}
