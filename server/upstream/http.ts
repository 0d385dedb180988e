import type { z } from "zod";
import type { Metrics } from "#server/observability/metrics.ts";
import { UpstreamError } from "./errors.ts";

export type UpstreamRequestContext = {
  baseUrl: string;
  /** The tenant's upstream host, sent as X-Forwarded-Host: the BFF resolves the municipality from it. */
  forwardedHost: string;
  /** The browser's Cookie header, forwarded as is (the upstream's session cookies). */
  cookie?: string;
  /** Trusted SSO identity headers, already filtered by the portal. */
  identityHeaders?: Record<string, string>;
  /** `Basic …` maintenance credential, when the citizen holds one. */
  authorization?: string;
  signal?: AbortSignal;
  timeoutMs: number;
  metrics?: Metrics;
};

export type UpstreamCall<T> = {
  service: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  schema: z.ZodType<T>;
  /** Extra headers (e.g. Accept-Language); never identity or forwarding headers. */
  headers?: Record<string, string>;
  /** A file: a successful answer is read as bytes (`Uint8Array`, for `schema`), not as JSON or text. */
  binary?: boolean;
  /**
   * Follow redirects (the published BFF answers a municipality's CMS menu and services with a 302 to the CMS's own
   * address): at most `MAX_REDIRECTS` hops, `http:`/`https:` only, within the call's one timeout. A hop to another
   * origin carries none of the call's headers but `Accept` (no cookie, credential, identity or forwarded host).
   */
  followRedirects?: boolean;
};

/** How many redirects a call that follows them takes at most. */
export const MAX_REDIRECTS = 3;

export type UpstreamResponse<T> = { status: number; data: T; headers: Headers };

function buildUrl(baseUrl: string, path: string, query: UpstreamCall<unknown>["query"]): URL {
  const url = new URL(path.replace(/^\//, ""), baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

function requestHeaders(ctx: UpstreamRequestContext, call: UpstreamCall<unknown>): Headers {
  const headers = new Headers(call.headers);
  headers.set("accept", call.binary ? "*/*" : "application/json");
  headers.set("x-forwarded-host", ctx.forwardedHost);
  if (ctx.cookie) headers.set("cookie", ctx.cookie);
  if (ctx.authorization) headers.set("authorization", ctx.authorization);
  for (const [name, value] of Object.entries(ctx.identityHeaders ?? {})) headers.set(name, value);
  if (call.body !== undefined) headers.set("content-type", "application/json");
  return headers;
}

/**
 * The most an answer may weigh: data (JSON or text), a file (the attachments citizens upload weigh 2 MB at most). An
 * upstream sending more (a misrouted download, a stream that never ends) is refused as it reads, never held whole.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

class AnswerTooLarge extends Error {}

/** UTF-8, as `Response.text()` decodes (a decoder is stateless when not streaming: one for every answer). */
const UTF8 = new TextDecoder();

/** The body's bytes, refused (`AnswerTooLarge`) once over `max`, by its declared length or as it arrives. */
async function readBytes(res: Response, max: number): Promise<Uint8Array> {
  const tooLarge = () => new AnswerTooLarge(`answer over ${max} bytes`);
  if (Number(res.headers.get("content-length")) > max) {
    await res.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.byteLength;
    if (size > max) throw tooLarge();
    chunks.push(chunk);
  }
  // Its own memory (Buffer.concat may hand out a slice of Node's shared pool, whose `.buffer` holds other bytes).
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * An answer's body: JSON when it is labelled so and parses, else its text. The published BFF sends plain strings
 * (`OTP valido`, `utente autorizzato`, a privacy text…) raw under `Content-Type: application/json`: they are the
 * strings they are, not unreadable answers. (`parseAnswer` also tries the raw text when the parsed value does not fit.)
 */
async function readBody(res: Response): Promise<{ body: unknown; text: string | null }> {
  const text = UTF8.decode(await readBytes(res, MAX_ANSWER_BYTES));
  if (text === "") return { body: null, text: null };
  const type = res.headers.get("content-type") ?? "";
  if (!type.includes("json")) return { body: text, text };
  try {
    return { body: JSON.parse(text) as unknown, text };
  } catch {
    return { body: text, text };
  }
}

/** The schema's reading of the body; a raw string that happens to be valid JSON (`123`, `true`) is read as text too. */
function parseAnswer<T>(schema: z.ZodType<T>, body: unknown, text: string | null) {
  const parsed = schema.safeParse(body);
  if (parsed.success || text === null || body === text) return parsed;
  const asText = schema.safeParse(text);
  return asText.success ? asText : parsed;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The fetch of one call, following redirects when the call asks for it (see `UpstreamCall.followRedirects`). A
 * redirect it may not follow (too many hops, another scheme, no Location) is an `UpstreamError` (502).
 */
async function fetchFollowing(
  url: URL,
  init: RequestInit & { headers: Headers },
  call: UpstreamCall<unknown>,
): Promise<Response> {
  let target = url;
  let request = init;
  for (let hop = 0; ; hop++) {
    const res = await fetch(target, request);
    if (!call.followRedirects || !REDIRECTS.has(res.status)) return res;
    const location = res.headers.get("location");
    await res.body?.cancel();
    const next = location ? URL.parse(location, target) : null;
    const why = !next
      ? "redirect without a valid Location"
      : next.protocol !== "http:" && next.protocol !== "https:"
        ? `redirect to a ${next.protocol} address`
        : hop >= MAX_REDIRECTS
          ? `more than ${MAX_REDIRECTS} redirects`
          : null;
    if (why || !next) throw new UpstreamError(call.service, "invalid", 502, `${call.service}: ${why}`);
    const crossOrigin = next.origin !== target.origin;
    const get =
      res.status === 303 || ((res.status === 301 || res.status === 302) && request.method !== "GET");
    request = {
      ...request,
      method: get ? "GET" : request.method,
      body: get ? undefined : request.body,
      headers: crossOrigin
        ? new Headers({ accept: request.headers.get("accept") ?? "*/*" })
        : request.headers,
    };
    target = next;
  }
}

/** One upstream BFF call: the tenant's host, the request's cookies, identity and credential, over `callHttp`. */
export function callUpstream<T>(
  ctx: UpstreamRequestContext,
  call: UpstreamCall<T>,
): Promise<UpstreamResponse<T>> {
  return callHttp({ ...ctx, headers: requestHeaders(ctx, call) }, call);
}

/** Any outbound HTTP service the portal calls (the upstream BFF, the geocoder): where, with which headers. */
export type HttpTarget = {
  baseUrl: string;
  headers: Headers;
  signal?: AbortSignal;
  timeoutMs: number;
  metrics?: Metrics;
};

/**
 * One outbound call: timeout plus the caller's abort signal, `ok` check, zod parse at the boundary, metrics. Failures
 * are `UpstreamError`s (timeout 504, network or unreadable or unexpected answer 502, else the status).
 */
export async function callHttp<T>(ctx: HttpTarget, call: UpstreamCall<T>): Promise<UpstreamResponse<T>> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(ctx.timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout;
  const observe = (status: string, kind?: string) => {
    ctx.metrics?.upstreamDuration.observe(
      { service: call.service, status },
      (performance.now() - started) / 1000,
    );
    if (kind) ctx.metrics?.upstreamErrors.inc({ service: call.service, kind });
  };
  // A call that ended without a usable answer: the caller gave up (not the upstream's failure: neither counted nor
  // dated as one, so the page cache does not think the upstream troubled), the timeout passed, or `kind`.
  const cutShort = (status: string, kind: "network" | "invalid", message: string) => {
    if (ctx.signal?.aborted && !timeout.aborted) {
      observe("aborted");
      return new UpstreamError(call.service, "aborted", 499, `${call.service}: abandoned by the caller`);
    }
    if (timeout.aborted) {
      observe("timeout", "timeout");
      return new UpstreamError(call.service, "timeout", 504, `${call.service}: upstream timeout`);
    }
    observe(status, kind);
    return new UpstreamError(call.service, kind, 502, `${call.service}: ${message}`);
  };
  let res: Response;
  try {
    res = await fetchFollowing(
      buildUrl(ctx.baseUrl, call.path, call.query),
      {
        method: call.method ?? "GET",
        headers: ctx.headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal,
        redirect: "manual",
      },
      call,
    );
  } catch (error) {
    if (error instanceof UpstreamError) {
      observe("redirect", "invalid");
      throw error;
    }
    throw cutShort("network", "network", (error as Error).message);
  }
  let body: unknown;
  let text: string | null = null;
  try {
    if (call.binary && res.ok) body = await readBytes(res, MAX_FILE_BYTES);
    else ({ body, text } = await readBody(res));
  } catch (error) {
    throw cutShort(
      String(res.status),
      "invalid",
      error instanceof AnswerTooLarge ? error.message : "unreadable answer",
    );
  }
  if (!res.ok) {
    observe(String(res.status), res.status >= 500 ? "status" : undefined);
    throw new UpstreamError(call.service, "status", res.status, `${call.service}: HTTP ${res.status}`, body);
  }
  const parsed = parseAnswer(call.schema, body, text);
  if (!parsed.success) {
    observe(String(res.status), "invalid");
    throw new UpstreamError(
      call.service,
      "invalid",
      502,
      `${call.service}: unexpected answer (${parsed.error.issues.length} issues)`,
    );
  }
  observe(String(res.status));
  return { status: res.status, data: parsed.data, headers: res.headers };
}
