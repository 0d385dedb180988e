import { readRouteError, type RouteErrorData } from "#shared/route-error.ts";

/**
 * Failed upstream calls reach loaders and actions as thrown route errors (`routeError`, see
 * server/upstream/failures.ts) that name the failed service. This reads them without depending on server code.
 */
export type UpstreamFailure = { data: RouteErrorData & { service: string } };

export function isUpstreamFailure(error: unknown, status?: number): error is UpstreamFailure {
  const found = readRouteError(error, status);
  return found !== null && typeof found.service === "string";
}
