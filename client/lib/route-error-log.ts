import { isRouteErrorResponse } from "react-router";
import { redactText } from "#shared/redact.ts";

/** What a log line may say about a route error: its HTTP shape and, for a real failure, where it happened. */
export type LoggedRouteError = {
  status?: number;
  statusText?: string;
  /** The Italian title of a route failure (e.g. `{status, title, service}` from server/upstream/failures.ts). */
  title?: string;
  /** The upstream service that failed. */
  service?: string;
  kind?: string;
  name?: string;
  message?: string;
  stack?: string;
  /** `typeof` of a thrown value that is neither an Error nor an HTTP-shaped answer. */
  type?: string;
};

export type RouteErrorLog = { level: "info" | "error"; err: LoggedRouteError };

const MAX_TEXT = 500;
const MAX_STACK = 4000;

function text(value: unknown, max = MAX_TEXT): string | undefined {
  return typeof value === "string" && value !== "" ? redactText(value).slice(0, max) : undefined;
}

/** Only these fields of a thrown payload: never `details`, form values or anything else the citizen sent. */
function payloadFields(payload: unknown): Pick<LoggedRouteError, "title" | "service" | "kind"> {
  if (typeof payload !== "object" || payload === null) return {};
  const p = payload as Record<string, unknown>;
  return { title: text(p.title), service: text(p.service, 100), kind: text(p.kind, 100) };
}

function errorFields(error: Error, withStack: boolean): LoggedRouteError {
  const own = error as Error & { status?: unknown; service?: unknown; kind?: unknown };
  return {
    name: text(error.name, 100),
    message: text(error.message),
    ...(typeof own.status === "number" ? { status: own.status } : {}),
    service: text(own.service, 100),
    kind: text(own.kind, 100),
    ...(withStack ? { stack: text(error.stack, MAX_STACK) } : {}),
  };
}

function statusOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) ? value : undefined;
}

function withoutUndefined(err: LoggedRouteError): LoggedRouteError {
  return Object.fromEntries(Object.entries(err).filter(([, value]) => value !== undefined));
}

/**
 * How to log something a loader, action, middleware or render threw: as a structured object (never `[object
 * Object]`, never the citizen's data; URLs and messages redacted). HTTP-shaped answers below 500 (a 404, a 405 for a
 * POST to a page without action) are expected and logged at info without a stack; 5xx answers and thrown Errors are
 * failures, logged at error with the stack when there is one.
 */
export function describeRouteError(error: unknown): RouteErrorLog {
  const leveled = (err: LoggedRouteError, status: number | undefined): RouteErrorLog => ({
    level: status !== undefined && status < 500 ? "info" : "error",
    err: withoutUndefined(err),
  });

  if (isRouteErrorResponse(error)) {
    const inner: unknown = (error as { error?: unknown }).error;
    const failed = error.status >= 500;
    return leveled(
      {
        ...(inner instanceof Error ? errorFields(inner, failed) : {}),
        ...payloadFields(error.data),
        status: error.status,
        statusText: text(error.statusText, 100),
      },
      error.status,
    );
  }
  if (error instanceof Response) {
    return leveled({ status: error.status, statusText: text(error.statusText, 100) }, error.status);
  }
  if (error instanceof Error) {
    return { level: "error", err: withoutUndefined(errorFields(error, true)) };
  }
  if (typeof error === "object" && error !== null) {
    // A thrown `data(payload, init)`, or any other object.
    const value = error as {
      type?: unknown;
      data?: unknown;
      init?: { status?: unknown } | null;
      status?: unknown;
    };
    const thrownData = value.type === "DataWithResponseInit";
    const status = thrownData ? (statusOf(value.init?.status) ?? 500) : statusOf(value.status);
    const payload = thrownData ? value.data : error;
    return leveled({ type: thrownData ? "data" : "object", status, ...payloadFields(payload) }, status);
  }
  return { level: "error", err: { type: typeof error } };
}
