import { data, isRouteErrorResponse } from "react-router";

/**
 * The one shape of a route error: what loaders and actions throw (with {@link routeError}) and what the root error
 * boundary renders. `kind` names a route's own case (e.g. `appointment:closed`) so a page can word it its own way;
 * `service` is the upstream service that failed, when one did.
 */
export type RouteErrorData = {
  routeError: true;
  status: number;
  title: string;
  details: string[];
  service?: string;
  kind?: string;
  /**
   * The root loader's data, when the error was thrown before the root loader ran (a root middleware's refusal): the
   * error page still shows the municipality's header and footer, in the visitor's language.
   */
  rootData?: unknown;
};

export type RouteErrorOptions = {
  title: string;
  details?: string[];
  service?: string;
  kind?: string;
  rootData?: unknown;
  headers?: HeadersInit;
};

/** A `data()` to throw from a loader, an action or a middleware: the status and the Italian title of the page. */
export function routeError(
  status: number,
  { title, details = [], service, kind, rootData, headers }: RouteErrorOptions,
) {
  const payload: RouteErrorData = {
    routeError: true,
    status,
    title,
    details,
    ...(service === undefined ? {} : { service }),
    ...(kind === undefined ? {} : { kind }),
    ...(rootData === undefined ? {} : { rootData }),
  };
  return data(payload, headers === undefined ? { status } : { status, headers });
}

function isRouteErrorData(value: unknown): value is RouteErrorData {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<RouteErrorData>;
  return (
    candidate.routeError === true &&
    typeof candidate.status === "number" &&
    typeof candidate.title === "string" &&
    Array.isArray(candidate.details)
  );
}

/**
 * The route error carried by a caught value, or null: on the server a thrown {@link routeError} (its `data`), in an
 * error boundary the error response React Router made of it (its `data` too). Checks the shape, not how React
 * Router tags its values.
 */
export function readRouteError(error: unknown, status?: number): RouteErrorData | null {
  if (typeof error !== "object" || error === null || !("data" in error)) return null;
  const found = isRouteErrorData(error.data) ? error.data : null;
  return found && (status === undefined || found.status === status) ? found : null;
}

/** The status of an error caught by an error boundary: a route error response's, else 500. */
export function caughtStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}
