import { routeError } from "#shared/route-error.ts";
import { UPSTREAM_NOT_HANDLED } from "#shared/api/upstream-failure.ts";
import type { Locale } from "#shared/locale.ts";
import { UpstreamError } from "./errors.ts";
import { serverText } from "#server/texts.ts";

/** The statuses whose failure the page words (server/texts.ts: `server.upstream.<status>`); any other reads as 502. */
const WORDED = [400, 401, 403, 404, 405, 409, 422, 502, 504] as const;
type Worded = (typeof WORDED)[number];
const isWorded = (status: number): status is Worded => (WORDED as readonly number[]).includes(status);

/**
 * The one mapping of an upstream failure to the page's status: 4xx the portal can explain kept (405: the upstream
 * does not allow the operation, e.g. the published BFF's appointment changes by link), timeouts 504, a call the
 * visitor's leaving abandoned 499 (nobody reads it), else 502.
 */
export function statusFor(error: UpstreamError): number {
  if (error.kind === "timeout") return 504;
  if (error.kind === "aborted") return 499;
  if (error.kind !== "status") return 502;
  if ([400, 401, 403, 404, 405, 409, 422].includes(error.status)) return error.status;
  return 502;
}

function upstreamTitle(body: unknown): string | undefined {
  if (typeof body === "string" && body.length < 300) return body;
  if (typeof body === "object" && body !== null) {
    const b = body as { title?: unknown; error?: unknown };
    if (typeof b.title === "string") return b.title;
    if (typeof b.error === "string") return b.error;
  }
  return undefined;
}

/** Turns an UpstreamError into a thrown route error (`routeError`) with the right HTTP status; anything else as is. */
export function toRouteFailure(error: unknown, locale: Locale = "it"): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const status = statusFor(error);
  const own = upstreamTitle(error.body);
  return routeError(status, {
    service: error.service,
    title: serverText(locale, `server.upstream.${isWorded(status) ? status : 502}`),
    details: status < 500 && own ? [own] : [],
    // A 503 says the request was not handled: a write it refused is known not to be made (write-once).
    ...(error.kind === "status" && error.status === 503 ? { kind: UPSTREAM_NOT_HANDLED } : {}),
  });
}

/** Wraps every async method of an API object (deeply) so its failures become route failures (in `locale`). */
export function withRouteFailures<T extends object>(api: T, locale: Locale = "it"): T {
  const wrapped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(api)) {
    if (typeof value === "function") {
      wrapped[key] = async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          throw toRouteFailure(error, locale);
        }
      };
    } else if (typeof value === "object" && value !== null) {
      wrapped[key] = withRouteFailures(value, locale);
    } else {
      wrapped[key] = value;
    }
  }
  return wrapped as T;
}
