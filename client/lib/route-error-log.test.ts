import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, data } from "react-router";
import { describe, expect, test } from "vitest";
import { describeRouteError } from "./route-error-log.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const HASH = "q3V9_xk2-Lm8PzR4tYw1HbN6cJ0aDfGe";

describe("describeRouteError", () => {
  test("React Router's own 4xx (a POST to a page without action) is info, with its redacted reason, no stack", () => {
    const reason = new Error(
      `You made a POST request to "/servizi/modifica-appuntamento/${HASH}" but did not provide an \`action\``,
    );
    const log = describeRouteError(new ErrorResponseImpl(405, "Method Not Allowed", reason, true));
    expect(log).toEqual({
      level: "info",
      err: {
        status: 405,
        statusText: "Method Not Allowed",
        name: "Error",
        message:
          'You made a POST request to "/servizi/modifica-appuntamento/[hash]" but did not provide an `action`',
      },
    });
  });

  test("a 5xx error response wrapping an Error is an error, with message and stack", () => {
    const log = describeRouteError(
      new ErrorResponseImpl(500, "Internal Server Error", new TypeError("boom"), true),
    );
    expect(log.level).toBe("error");
    expect(log.err).toMatchObject({ status: 500, name: "TypeError", message: "boom" });
    expect(log.err.stack).toContain("TypeError: boom");
  });

  test("a thrown data() route failure logs status, title and service, never its details", () => {
    const failure = data(
      { status: 502, service: "appsched", title: "Il servizio non risponde.", details: [CITIZENS.MARIO] },
      { status: 502 },
    );
    expect(describeRouteError(failure)).toEqual({
      level: "error",
      err: { type: "data", status: 502, title: "Il servizio non risponde.", service: "appsched" },
    });
    expect(describeRouteError(data({ title: "Non trovato" }, { status: 404 }))).toEqual({
      level: "info",
      err: { type: "data", status: 404, title: "Non trovato" },
    });
  });

  test("a thrown Error is an error with name, message and stack; an upstream error also says which service", () => {
    const error = Object.assign(new Error("appsched answered 500"), {
      name: "UpstreamError",
      service: "appsched",
      status: 500,
      kind: "status",
    });
    const log = describeRouteError(error);
    expect(log.level).toBe("error");
    expect(log.err).toMatchObject({
      name: "UpstreamError",
      message: "appsched answered 500",
      service: "appsched",
      status: 500,
      kind: "status",
    });
    expect(log.err.stack).toContain("appsched answered 500");
  });

  test("a thrown Response is logged by its status", () => {
    expect(describeRouteError(new Response(null, { status: 403, statusText: "Forbidden" }))).toEqual({
      level: "info",
      err: { status: 403, statusText: "Forbidden" },
    });
  });

  test("anything else is named by its type, never stringified nor copied", () => {
    const citizen = { codiceFiscale: CITIZENS.MARIO, nome: "Mario", email: "mario@example.it" };
    expect(describeRouteError(citizen)).toEqual({ level: "error", err: { type: "object" } });
    expect(describeRouteError("boom")).toEqual({ level: "error", err: { type: "string" } });
    expect(JSON.stringify(describeRouteError(citizen))).not.toContain("[object Object]");
  });
});
