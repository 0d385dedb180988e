import { Agent, request, type Dispatcher } from "undici";
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

/** An answer's headers, read by name (case-insensitive; repeated fields joined with ", " as `Headers.get` does). */
export type AnswerHeaders = { get(name: string): string | null };

export type UpstreamResponse<T> = { status: number; data: T; headers: AnswerHeaders };

function buildUrl(baseUrl: string, path: string, query: UpstreamCall<unknown>["query"]): URL {
  const url = new URL(path.replace(/^\//, ""), baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

/** A request's header fields, by lower-case name (as undici's `request` takes them). */
export type RequestHeaders = Readonly<Record<string, string>>;

function requestHeaders(ctx: UpstreamRequestContext, call: UpstreamCall<unknown>): RequestHeaders {
  const headers: Record<string, string> = {};
  const set = (name: string, value: string) => (headers[name.toLowerCase()] = value);
  for (const [name, value] of Object.entries(call.headers ?? {})) set(name, value);
  set("accept", call.binary ? "*/*" : "application/json");
  set("x-forwarded-host", ctx.forwardedHost);
  if (ctx.cookie) set("cookie", ctx.cookie);
  if (ctx.authorization) set("authorization", ctx.authorization);
  for (const [name, value] of Object.entries(ctx.identityHeaders ?? {})) set(name, value);
  if (call.body !== undefined) set("content-type", "application/json");
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

/** One answer as undici's `request` gives it: status, headers (lower-case names), a body to read or throw away. */
type Answer = Dispatcher.ResponseData;

/** One field of an answer's head (`name` in lower case), as `Headers.get` reads it. */
function field(answer: Answer, name: string): string | null {
  const value = answer.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The body's bytes, refused (`AnswerTooLarge`) once over `max`, by its declared length or as it arrives. */
async function readBytes(answer: Answer, max: number): Promise<Uint8Array> {
  const tooLarge = () => new AnswerTooLarge(`answer over ${max} bytes`);
  if (Number(field(answer, "content-length")) > max) {
    answer.body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > max) {
      answer.body.destroy();
      throw tooLarge();
    }
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
async function readBody(answer: Answer): Promise<{ body: unknown; text: string | null }> {
  const text = UTF8.decode(await readBytes(answer, MAX_ANSWER_BYTES));
  if (text === "") return { body: null, text: null };
  const type = field(answer, "content-type") ?? "";
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
 * Every outbound call's connections: keep-alive pools per origin. undici's `request` rather than `fetch`, which
 * builds WHATWG requests, responses, headers and streams around the same client (issue #38: a citizen's page makes
 * two or three calls, and fetch cost ~2× the CPU of `request` per call).
 */
const dispatcher = new Agent();

type Outbound = {
  method: Dispatcher.HttpMethod;
  headers: RequestHeaders;
  body?: string;
  signal: AbortSignal;
};

/**
 * The request of one call, following redirects when the call asks for it (see `UpstreamCall.followRedirects`). A
 * redirect it may not follow (too many hops, another scheme, no Location) is an `UpstreamError` (502).
 */
async function requestFollowing(url: URL, init: Outbound, call: UpstreamCall<unknown>): Promise<Answer> {
  let target = url;
  let outbound = init;
  for (let hop = 0; ; hop++) {
    const answer = await request(target, {
      dispatcher,
      method: outbound.method,
      headers: outbound.headers,
      body: outbound.body,
      signal: outbound.signal,
    });
    if (!call.followRedirects || !REDIRECTS.has(answer.statusCode)) return answer;
    const location = field(answer, "location");
    await answer.body.dump();
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
      answer.statusCode === 303 ||
      ((answer.statusCode === 301 || answer.statusCode === 302) && outbound.method !== "GET");
    outbound = {
      ...outbound,
      method: get ? "GET" : outbound.method,
      body: get ? undefined : outbound.body,
      headers: crossOrigin ? { accept: outbound.headers.accept ?? "*/*" } : outbound.headers,
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
  headers: RequestHeaders;
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
  // One controller for the call, aborted by its timeout or by the caller's signal; both let go when the call ends
  // (`AbortSignal.timeout` would hold its timer, and `AbortSignal.any` its signals, until the timeout passed).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException("upstream timeout", "TimeoutError"));
  }, ctx.timeoutMs);
  const callerGaveUp = () => controller.abort(ctx.signal?.reason);
  if (ctx.signal?.aborted) callerGaveUp();
  else ctx.signal?.addEventListener("abort", callerGaveUp, { once: true });
  try {
    return await exchange(ctx, call, controller.signal, started, () => timedOut);
  } finally {
    clearTimeout(timer);
    ctx.signal?.removeEventListener("abort", callerGaveUp);
  }
}

async function exchange<T>(
  ctx: HttpTarget,
  call: UpstreamCall<T>,
  signal: AbortSignal,
  started: number,
  timedOut: () => boolean,
): Promise<UpstreamResponse<T>> {
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
    if (ctx.signal?.aborted && !timedOut()) {
      observe("aborted");
      return new UpstreamError(call.service, "aborted", 499, `${call.service}: abandoned by the caller`);
    }
    if (timedOut()) {
      observe("timeout", "timeout");
      return new UpstreamError(call.service, "timeout", 504, `${call.service}: upstream timeout`);
    }
    observe(status, kind);
    return new UpstreamError(call.service, kind, 502, `${call.service}: ${message}`);
  };
  let answer: Answer;
  try {
    answer = await requestFollowing(
      buildUrl(ctx.baseUrl, call.path, call.query),
      {
        method: call.method ?? "GET",
        headers: ctx.headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal,
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
  const status = answer.statusCode;
  const ok = status >= 200 && status < 300;
  let body: unknown;
  let text: string | null = null;
  try {
    if (call.binary && ok) body = await readBytes(answer, MAX_FILE_BYTES);
    else ({ body, text } = await readBody(answer));
  } catch (error) {
    throw cutShort(
      String(status),
      "invalid",
      error instanceof AnswerTooLarge ? error.message : "unreadable answer",
    );
  }
  if (!ok) {
    observe(String(status), status >= 500 ? "status" : undefined);
    throw new UpstreamError(call.service, "status", status, `${call.service}: HTTP ${status}`, body);
  }
  const parsed = parseAnswer(call.schema, body, text);
  if (!parsed.success) {
    observe(String(status), "invalid");
    throw new UpstreamError(
      call.service,
      "invalid",
      502,
      `${call.service}: unexpected answer (${parsed.error.issues.length} issues)`,
    );
  }
  observe(String(status));
  return { status, data: parsed.data, headers: { get: (name) => field(answer, name.toLowerCase()) } };
}
