import { readRouteError, type RouteErrorData } from "#shared/route-error.ts";

/**
 * Failed upstream calls reach loaders and actions as thrown route errors (`routeError`, see
 * server/upstream/failures.ts) that name the failed service. This reads them without depending on server code.
 */
export type UpstreamFailure = { data: RouteErrorData & { service: string } };

/**
 * The `kind` of an upstream failure whose service answered 503 (Service Unavailable: it did not handle the request),
 * unlike a timeout, no answer or any other 5xx, after which a write may nonetheless have been made.
 */
export const UPSTREAM_NOT_HANDLED = "upstream:not-handled";

export function isUpstreamFailure(error: unknown, status?: number): error is UpstreamFailure {
  const found = readRouteError(error, status);
  return found !== null && typeof found.service === "string";
}
