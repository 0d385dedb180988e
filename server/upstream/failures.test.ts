import { describe, expect, test } from "vitest";
import { isUpstreamFailure, UPSTREAM_NOT_HANDLED } from "#shared/api/upstream-failure.ts";
import { readRouteError } from "#shared/route-error.ts";
import { UpstreamError } from "./errors.ts";
import { toRouteFailure, withRouteFailures } from "./failures.ts";

const statusError = (status: number, body?: unknown) =>
  new UpstreamError("appsched", "status", status, `HTTP ${status}`, body);

describe("upstream failure → route status", () => {
  test.each([400, 401, 403, 404, 409, 422])("%i keeps its status", (status) => {
    expect(readRouteError(toRouteFailure(statusError(status)))?.status).toBe(status);
  });

  test.each([
    ["an upstream 500", statusError(500), 502],
    ["an upstream 418", statusError(418), 502],
    ["a refused connection", new UpstreamError("appsched", "network", 502, "refused"), 502],
    ["an answer that is not the contract", new UpstreamError("appsched", "invalid", 502, "zod"), 502],
    ["a timeout", new UpstreamError("appsched", "timeout", 504, "slow"), 504],
  ])("%s is %i", (_case, error, status) => {
    expect(isUpstreamFailure(toRouteFailure(error), status)).toBe(true);
  });

  test("an Italian title; the upstream's own words only as details of a 4xx", () => {
    const refused = readRouteError(toRouteFailure(statusError(400, { title: "Data non valida" })));
    expect(refused).toMatchObject({
      status: 400,
      service: "appsched",
      title: "La richiesta non è valida.",
      details: ["Data non valida"],
    });
    const broken = readRouteError(toRouteFailure(statusError(500, { title: "NullPointerException" })));
    expect(broken).toMatchObject({ status: 502, details: [] });
    expect(broken?.title).toMatch(/non risponde correttamente/);
  });

  test("a 503 reads as 502 and says the service did not handle the request (the others do not)", () => {
    expect(readRouteError(toRouteFailure(statusError(503)))).toMatchObject({
      status: 502,
      kind: UPSTREAM_NOT_HANDLED,
    });
    expect(readRouteError(toRouteFailure(statusError(500)))?.kind).toBeUndefined();
    expect(
      readRouteError(toRouteFailure(new UpstreamError("appsched", "timeout", 504, "slow")))?.kind,
    ).toBeUndefined();
  });

  test("other errors pass through unchanged", () => {
    const error = new Error("programming error");
    expect(toRouteFailure(error)).toBe(error);
  });

  test("a wrapped API throws route failures", async () => {
    const api = withRouteFailures({
      nested: { get: () => Promise.reject(new UpstreamError("kb", "timeout", 504, "slow")) },
    });
    await expect(api.nested.get()).rejects.toSatisfy((error) => isUpstreamFailure(error, 504));
  });
});
