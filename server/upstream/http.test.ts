import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { startTestUpstream } from "#tests/support/test-app.ts";
import { createMetrics } from "#server/observability/metrics.ts";
import { isUpstreamError, type UpstreamError } from "./errors.ts";
import {
  callUpstream,
  MAX_ANSWER_BYTES,
  MAX_FILE_BYTES,
  MAX_REDIRECTS,
  type UpstreamRequestContext,
} from "./http.ts";

type Upstream = Awaited<ReturnType<typeof startTestUpstream>>;

/** Answers `path → [status, headers, body]`; anything else 404. */
function routes(table: Record<string, [number, Record<string, string>, string]>) {
  return startTestUpstream((req, res) => {
    const hit = table[new URL(req.url ?? "/", "http://x").pathname];
    if (!hit) {
      res.writeHead(404, { "content-type": "application/json" });
      return void res.end('{"status":404,"error":"Not Found"}');
    }
    res.writeHead(hit[0], hit[1]);
    res.end(hit[2]);
  });
}

const JSON_TYPE = { "content-type": "application/json" };

let bff: Upstream;
let cms: Upstream;
beforeAll(async () => {
  cms = await routes({ "/menu.json": [200, JSON_TYPE, '{"main":[]}'] });
  bff = await routes({
    // The published BFF's plain strings, raw under a JSON label.
    "/api-public/otp/verify": [200, JSON_TYPE, "OTP valido"],
    "/api-public/maintenance": [403, JSON_TYPE, "Utente non autorizzato"],
    "/api-public/policy": [200, JSON_TYPE, "123"],
    "/quoted": [200, JSON_TYPE, '"OTP valido"'],
    "/broken": [200, JSON_TYPE, '{"nome": '],
    "/menu": [302, { location: `${cms.url}/menu.json`, ...JSON_TYPE }, ""],
    "/menu-relative": [302, { location: "/menu-local" }, ""],
    "/menu-local": [200, JSON_TYPE, '{"main":[1]}'],
    "/loop": [302, { location: "/loop" }, ""],
    "/ftp": [302, { location: "ftp://example.invalid/menu" }, ""],
    "/no-location": [302, {}, ""],
  });
});
afterAll(async () => {
  await bff.close();
  await cms.close();
});

const ctx = (extra: Partial<UpstreamRequestContext> = {}): UpstreamRequestContext => ({
  baseUrl: bff.url,
  forwardedHost: "servizi.comune.valverde.it",
  timeoutMs: 2000,
  ...extra,
});

describe("answers labelled JSON that are plain strings", () => {
  test("a raw string is read as the string it is, in success and in error", async () => {
    const { data } = await callUpstream(ctx(), {
      service: "otp",
      path: "api-public/otp/verify",
      schema: z.string(),
    });
    expect(data).toBe("OTP valido");
    const error = await callUpstream(ctx(), {
      service: "maintenance",
      method: "POST",
      path: "api-public/maintenance",
      schema: z.unknown(),
    }).catch((e: unknown) => e);
    expect(isUpstreamError(error, 403)).toBe(true);
    expect((error as { body: unknown }).body).toBe("Utente non autorizzato");
  });

  test("a JSON-quoted string reads the same, and a text that happens to be JSON stays text for a string schema", async () => {
    const quoted = await callUpstream(ctx(), { service: "t", path: "quoted", schema: z.string() });
    expect(quoted.data).toBe("OTP valido");
    const policy = await callUpstream(ctx(), { service: "t", path: "api-public/policy", schema: z.string() });
    expect(policy.data).toBe("123");
  });

  test("a broken JSON object is still an unexpected answer (502) for an object schema", async () => {
    const error = await callUpstream(ctx(), {
      service: "t",
      path: "broken",
      schema: z.object({ nome: z.string() }),
    }).catch((e: unknown) => e);
    expect(isUpstreamError(error, 502)).toBe(true);
  });
});

describe("redirects", () => {
  test("are not followed unless the call asks: a 302 is a failure with its status", async () => {
    const error = await callUpstream(ctx(), { service: "config", path: "menu", schema: z.unknown() }).catch(
      (e: unknown) => e,
    );
    expect(isUpstreamError(error, 302)).toBe(true);
  });

  test("to another origin: followed with none of the call's own headers", async () => {
    const before = cms.received.length;
    const { data } = await callUpstream(
      ctx({
        cookie: "SANDBOX_SSO=x",
        authorization: "Basic eDp5",
        identityHeaders: { "shib-identita-codicefiscale": "X" },
      }),
      {
        service: "config",
        path: "menu",
        schema: z.object({ main: z.array(z.unknown()) }),
        followRedirects: true,
      },
    );
    expect(data).toEqual({ main: [] });
    const hop = cms.received.slice(before);
    expect(hop).toHaveLength(1);
    expect(hop[0]!.headers).not.toHaveProperty("cookie");
    expect(hop[0]!.headers).not.toHaveProperty("authorization");
    expect(hop[0]!.headers).not.toHaveProperty("x-forwarded-host");
    expect(hop[0]!.headers).not.toHaveProperty("shib-identita-codicefiscale");
    expect(hop[0]!.headers.accept).toBe("application/json");
  });

  test("on the same origin: followed with the call's headers", async () => {
    const { data } = await callUpstream(ctx(), {
      service: "config",
      path: "menu-relative",
      schema: z.object({ main: z.array(z.number()) }),
      followRedirects: true,
    });
    expect(data).toEqual({ main: [1] });
    expect(bff.received.at(-1)!.headers["x-forwarded-host"]).toBe("servizi.comune.valverde.it");
  });

  test.each([
    ["loop", `more than ${MAX_REDIRECTS} redirects`],
    ["ftp", "ftp: address"],
    ["no-location", "without a valid Location"],
  ])("%s: refused as a 502", async (path, why) => {
    const before = bff.received.length;
    const error = await callUpstream(ctx(), {
      service: "config",
      path,
      schema: z.unknown(),
      followRedirects: true,
    }).catch((e: unknown) => e);
    expect(isUpstreamError(error, 502)).toBe(true);
    expect((error as Error).message).toContain(why);
    expect(bff.received.length - before).toBeLessThanOrEqual(MAX_REDIRECTS + 1);
  });
});

describe("a call cut short", () => {
  let held: Upstream;
  beforeAll(async () => {
    // Never answers `/silent`; starts `/half` (headers and part of the body) and never ends it.
    held = await startTestUpstream((req, res) => {
      if (req.url === "/half") {
        res.writeHead(200, JSON_TYPE);
        res.write('{"nome": "Comune');
      }
    });
  });
  afterAll(() => held.close());

  /** Calls `path` on the held upstream with fresh metrics; `leave` is the visitor leaving once the call is sent. */
  async function cutShort(path: string, { leave, timeoutMs }: { leave: boolean; timeoutMs: number }) {
    const metrics = createMetrics();
    const visitor = new AbortController();
    const before = held.received.length;
    const call = callUpstream(
      { ...ctx({ baseUrl: held.url, timeoutMs }), signal: visitor.signal, metrics },
      { service: "config", path, schema: z.object({ nome: z.string() }) },
    ).catch((e: unknown) => e);
    if (leave) {
      await expect.poll(() => held.received.length).toBe(before + 1);
      visitor.abort();
    }
    const error = await call;
    const counted = (await metrics.upstreamErrors.get()).values.map((v) => v.labels.kind);
    return { error, counted, troubledAt: metrics.upstreamHealth.lastFailureAt };
  }

  test.each(["silent", "half"])(
    "the visitor leaving (%s answer) is not the upstream's failure: 499, not counted, the upstream not marked troubled",
    async (path) => {
      const { error, counted, troubledAt } = await cutShort(path, { leave: true, timeoutMs: 60_000 });
      expect(isUpstreamError(error, 499)).toBe(true);
      expect((error as UpstreamError).kind).toBe("aborted");
      expect(counted).toEqual([]);
      expect(troubledAt).toBe(Number.NEGATIVE_INFINITY);
    },
  );

  test.each(["silent", "half"])(
    "the call's own timeout (%s answer) is the upstream's failure: 504, counted, the upstream marked troubled",
    async (path) => {
      const { error, counted, troubledAt } = await cutShort(path, { leave: false, timeoutMs: 200 });
      expect(isUpstreamError(error, 504)).toBe(true);
      expect((error as UpstreamError).kind).toBe("timeout");
      expect(counted).toEqual(["timeout"]);
      expect(troubledAt).toBeGreaterThan(Number.NEGATIVE_INFINITY);
    },
  );
});

describe("an answer too large to hold", () => {
  let big: Upstream;
  beforeAll(async () => {
    big = await startTestUpstream((req, res) => {
      const chunk = Buffer.alloc(64 * 1024, "a");
      if (req.url === "/declared") {
        // Declares more than a data answer may weigh, and sends nothing.
        res.writeHead(200, { ...JSON_TYPE, "content-length": String(MAX_ANSWER_BYTES + 1) });
        return void res.flushHeaders();
      }
      // Never ends: a chunk whenever the socket takes one, until the client goes.
      res.writeHead(200, req.url === "/file" ? { "content-type": "application/pdf" } : JSON_TYPE);
      const more = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on("drain", more);
      more();
    });
  });
  afterAll(() => big.close());

  test.each([
    ["endless", false, MAX_ANSWER_BYTES],
    ["declared", false, MAX_ANSWER_BYTES],
    ["file", true, MAX_FILE_BYTES],
  ])(
    "%s: refused as an unexpected answer (502) once over its limit, not read to the end",
    async (path, binary, max) => {
      const error = await callUpstream(ctx({ baseUrl: big.url, timeoutMs: 60_000 }), {
        service: "config",
        path,
        schema: binary ? z.instanceof(Uint8Array) : z.unknown(),
        binary,
      }).catch((e: unknown) => e);
      expect(isUpstreamError(error, 502)).toBe(true);
      expect((error as UpstreamError).kind).toBe("invalid");
      expect((error as Error).message).toBe(`config: answer over ${max} bytes`);
    },
  );

  test("a file within the limit arrives whole, in memory of its own", async () => {
    const { data } = await callUpstream(ctx(), {
      service: "config",
      path: "api-public/otp/verify",
      schema: z.instanceof(Uint8Array),
      binary: true,
    });
    expect(new TextDecoder().decode(data)).toBe("OTP valido");
    expect(data.buffer.byteLength).toBe(data.byteLength);
  });
});
