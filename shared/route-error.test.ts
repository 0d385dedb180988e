import { describe, expect, test } from "vitest";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { readRouteError, routeError } from "./route-error.ts";

describe("routeError", () => {
  test("carries the status, the title and the details in one shape", () => {
    const thrown = routeError(404, { title: "Non trovato", details: ["x"], kind: "faq:answer-not-found" });
    expect(thrown.init?.status).toBe(404);
    expect(readRouteError(thrown)).toEqual({
      routeError: true,
      status: 404,
      title: "Non trovato",
      details: ["x"],
      kind: "faq:answer-not-found",
    });
  });

  test("keeps the headers it is given", () => {
    const thrown = routeError(503, { title: "Non disponibile", headers: { "Retry-After": "120" } });
    expect(new Headers(thrown.init?.headers).get("Retry-After")).toBe("120");
  });

  test("is read from what an error boundary receives (an error response with the same data)", () => {
    const thrown = routeError(403, { title: "Vietato" });
    const response = { status: 403, statusText: "", internal: false, data: thrown.data };
    expect(readRouteError(response, 403)?.title).toBe("Vietato");
    expect(readRouteError(response, 404)).toBeNull();
  });

  test("anything else is no route error", () => {
    expect(readRouteError(new Error("boom"))).toBeNull();
    expect(readRouteError({ data: { title: "a plain data()" } })).toBeNull();
    expect(readRouteError(null)).toBeNull();
  });

  test("only a route error naming an upstream service is an upstream failure", () => {
    expect(isUpstreamFailure(routeError(502, { title: "x", service: "feedback" }), 502)).toBe(true);
    expect(isUpstreamFailure(routeError(502, { title: "x" }))).toBe(false);
    expect(isUpstreamFailure(routeError(502, { title: "x", service: "feedback" }), 504)).toBe(false);
  });
});
