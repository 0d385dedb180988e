/**
 * Why a call failed. `aborted`: the caller gave up (the visitor left, and the portal stopped the calls of its page):
 * not the upstream's failure, so neither counted nor logged as one; status 499, nginx's "client closed request".
 */
export type UpstreamErrorKind = "network" | "timeout" | "status" | "invalid" | "aborted";

/** A failed upstream call: status is the upstream's HTTP status, or 502/504 when there was no usable answer. */
export class UpstreamError extends Error {
  override name = "UpstreamError";
  readonly service: string;
  readonly status: number;
  readonly kind: UpstreamErrorKind;
  readonly body: unknown;

  constructor(service: string, kind: UpstreamErrorKind, status: number, message: string, body?: unknown) {
    super(message);
    this.service = service;
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

export function isUpstreamError(error: unknown, status?: number): error is UpstreamError {
  return error instanceof UpstreamError && (status === undefined || error.status === status);
}
