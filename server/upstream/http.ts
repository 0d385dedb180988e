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
};

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

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === "") return null;
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("json")) return JSON.parse(text);
  return text;
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
  let res: Response;
  try {
    res = await fetch(buildUrl(ctx.baseUrl, call.path, call.query), {
      method: call.method ?? "GET",
      headers: ctx.headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal,
      redirect: "manual",
    });
  } catch (error) {
    const timedOut = timeout.aborted;
    observe(timedOut ? "timeout" : "network", timedOut ? "timeout" : "network");
    throw new UpstreamError(
      call.service,
      timedOut ? "timeout" : "network",
      timedOut ? 504 : 502,
      timedOut ? `${call.service}: upstream timeout` : `${call.service}: ${(error as Error).message}`,
    );
  }
  let body: unknown;
  try {
    body = call.binary && res.ok ? new Uint8Array(await res.arrayBuffer()) : await readBody(res);
  } catch {
    observe(String(res.status), "invalid");
    throw new UpstreamError(call.service, "invalid", 502, `${call.service}: unreadable answer`);
  }
  if (!res.ok) {
    observe(String(res.status), res.status >= 500 ? "status" : undefined);
    throw new UpstreamError(call.service, "status", res.status, `${call.service}: HTTP ${res.status}`, body);
  }
  const parsed = call.schema.safeParse(body);
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
