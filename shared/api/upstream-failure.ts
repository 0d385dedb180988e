/**
 * Failed upstream calls reach loaders and actions as React Router `data()` values thrown with an HTTP status
 * (see server/upstream/failures.ts). These helpers read them without depending on server code.
 */
export type UpstreamFailure = {
  type: "DataWithResponseInit";
  data: { status: number; title: string; service: string; details: string[] };
  init: { status: number };
};

export function isUpstreamFailure(error: unknown, status?: number): error is UpstreamFailure {
  if (typeof error !== "object" || error === null) return false;
  const e = error as Partial<UpstreamFailure>;
  if (e.type !== "DataWithResponseInit" || typeof e.init?.status !== "number") return false;
  return status === undefined || e.init.status === status;
}
