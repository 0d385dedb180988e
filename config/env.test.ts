import { describe, expect, test } from "vitest";
import { ConfigError, parseEnv } from "./env.ts";

describe("parseEnv", () => {
  test("by default a SIGTERM leaves the requests in flight longer than one upstream call may take", () => {
    const env = parseEnv({});
    expect(env.SHUTDOWN_TIMEOUT_MS).toBeGreaterThan(env.UPSTREAM_TIMEOUT_MS);
  });

  test("applies defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.UPSTREAM_URL).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.TRUSTED_IDENTITY_HEADERS).toEqual([]);
  });

  test("performance settings (issue #13): page cache, shedding, the proxy's pool", () => {
    const env = parseEnv({});
    expect(env.PAGE_CACHE_TTL_S).toBe(10);
    expect(env.PAGE_CACHE_MAX_ENTRIES).toBe(200);
    expect(env.PAGE_CACHE_MAX_BYTES).toBe(16 * 1024 * 1024);
    expect(env.IDENTITY_COOKIES).toEqual(["SANDBOX_SSO", "_shibsession_*", "JSESSIONID"]);
    expect(env.SHED_LAG_MS).toBe(150);
    expect(env.SHED_RETRY_AFTER_S).toBe(5);
    expect([env.SHED_LAG_WINDOW, env.SHED_LAG_MIN_IN_FLIGHT, env.SHED_MAX_IN_FLIGHT]).toEqual([6, 16, 64]);
    expect(env.UPSTREAM_KEEPALIVE_MS).toBe(4000);
    expect(env.UPSTREAM_MAX_SOCKETS).toBe(128);
    const tuned = parseEnv({ PAGE_CACHE_TTL_S: "0", SHED_LAG_MS: "0", IDENTITY_COOKIES: " a , b* " });
    expect([tuned.PAGE_CACHE_TTL_S, tuned.SHED_LAG_MS]).toEqual([0, 0]);
    expect(tuned.IDENTITY_COOKIES).toEqual(["a", "b*"]);
    expect(() => parseEnv({ SHED_LAG_MS: "-1" })).toThrow(/SHED_LAG_MS/);
    expect(() => parseEnv({ SHED_LAG_WINDOW: "0" })).toThrow(/SHED_LAG_WINDOW/);
  });

  test("keeps the per-file upload limit at or above the attachments' own 2 MB rule", () => {
    expect(parseEnv({ UPLOAD_FILE_LIMIT: "5mb" }).UPLOAD_FILE_LIMIT).toBe(5 * 1024 * 1024);
    expect(() => parseEnv({ UPLOAD_FILE_LIMIT: "1mb" })).toThrow(/UPLOAD_FILE_LIMIT: at least/);
  });

  test("lists every bad variable in one readable message", () => {
    expect(() =>
      parseEnv({ PORT: "abc", UPSTREAM_URL: "ftp://x", LOG_LEVEL: "loud", NODE_ENV: "production" }),
    ).toThrowError(ConfigError);
    try {
      parseEnv({ PORT: "abc", UPSTREAM_URL: "ftp://x", LOG_LEVEL: "loud", NODE_ENV: "production" });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["PORT", "UPSTREAM_URL", "LOG_LEVEL", "PORTAL_SECRET"])
        expect(message).toContain(name);
    }
  });

  test("requires a long PORTAL_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/PORTAL_SECRET/);
    expect(parseEnv({ NODE_ENV: "production", PORTAL_SECRET: "x".repeat(32) }).PORTAL_SECRET).toHaveLength(
      32,
    );
    expect(() => parseEnv({ NODE_ENV: "production", PORTAL_SECRET: " ".repeat(34) })).toThrow(
      /PORTAL_SECRET/,
    );
    expect(() => parseEnv({ PORTAL_SECRET: ` ${"x".repeat(20)} ${" ".repeat(12)}` })).toThrow(
      /PORTAL_SECRET/,
    );
  });

  test("PORTAL_SECRET_PREVIOUS: a list of long secrets, only beside PORTAL_SECRET", () => {
    const current = "c".repeat(32);
    expect(parseEnv({}).PORTAL_SECRET_PREVIOUS).toEqual([]);
    expect(
      parseEnv({ PORTAL_SECRET: current, PORTAL_SECRET_PREVIOUS: ` ${"a".repeat(32)}, ${"b".repeat(40)} ` })
        .PORTAL_SECRET_PREVIOUS,
    ).toEqual(["a".repeat(32), "b".repeat(40)]);
    expect(() => parseEnv({ PORTAL_SECRET: current, PORTAL_SECRET_PREVIOUS: "short" })).toThrow(
      /PORTAL_SECRET_PREVIOUS: each secret at least 32 characters/,
    );
    expect(() => parseEnv({ PORTAL_SECRET_PREVIOUS: "a".repeat(32) })).toThrow(/needs PORTAL_SECRET/);
  });

  test("TENANTS_RELOAD_S: seconds between looks at the tenants file, 0 = off", () => {
    expect(parseEnv({}).TENANTS_RELOAD_S).toBe(5);
    expect(parseEnv({ TENANTS_RELOAD_S: "0" }).TENANTS_RELOAD_S).toBe(0);
    expect(() => parseEnv({ TENANTS_RELOAD_S: "-1" })).toThrow(/TENANTS_RELOAD_S/);
  });

  test("reads TRUST_PROXY as hops or addresses, never a blanket true", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toEqual(["loopback", "10.0.0.0/8"]);
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(
      parseEnv({ TRUST_PROXY: "::1, fd00::/8, 10.0.0.0/255.0.0.0, uniquelocal" }).TRUST_PROXY,
    ).toHaveLength(4);
    // What Express would refuse with a stack trace at start is refused here, with the other problems.
    for (const wrong of [
      "TRUE",
      "yes",
      "1,2",
      "-1",
      "10.0.0.0/33",
      "10.0.0.1/8/8",
      "::1/129",
      "fd00::/ffff::",
    ])
      expect(() => parseEnv({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
  });

  test("an empty variable is an unset one: its default, never 0", () => {
    const env = parseEnv({
      PORT: "",
      TENANTS_RELOAD_S: " ",
      PAGE_CACHE_TTL_S: "",
      SHED_LAG_MS: "",
      SHED_MAX_IN_FLIGHT: "",
      WRITE_SETTLE_MS: "",
    });
    const defaults = parseEnv({});
    expect(env.PORT).toBe(3000);
    for (const key of [
      "TENANTS_RELOAD_S",
      "PAGE_CACHE_TTL_S",
      "SHED_LAG_MS",
      "SHED_MAX_IN_FLIGHT",
      "WRITE_SETTLE_MS",
    ] as const) {
      expect(env[key], key).toBe(defaults[key]);
      expect(env[key], key).toBeGreaterThan(0);
    }
  });

  test("normalises trusted identity headers to lower case", () => {
    expect(
      parseEnv({ TRUSTED_IDENTITY_HEADERS: "Shib-Identita-CodiceFiscale, shib-email", TRUST_PROXY: "1" })
        .TRUSTED_IDENTITY_HEADERS,
    ).toEqual(["shib-identita-codicefiscale", "shib-email"]);
  });

  test("refuses trusted identity headers when no proxy is trusted", () => {
    expect(() => parseEnv({ TRUSTED_IDENTITY_HEADERS: "shib-identita-codicefiscale" })).toThrow(
      /needs TRUST_PROXY/,
    );
  });

  test("reads DEMO_MODE as a boolean", () => {
    expect(parseEnv({}).DEMO_MODE).toBe(false);
    expect(parseEnv({ DEMO_MODE: "true" }).DEMO_MODE).toBe(true);
    expect(() => parseEnv({ DEMO_MODE: "maybe" })).toThrow(/DEMO_MODE/);
  });

  test("reads SANDBOX_UPSTREAM_GAPS as a boolean flag, off by default", () => {
    expect(parseEnv({}).SANDBOX_UPSTREAM_GAPS).toBe(false);
    expect(parseEnv({ SANDBOX_UPSTREAM_GAPS: "1" }).SANDBOX_UPSTREAM_GAPS).toBe(true);
    expect(parseEnv({ SANDBOX_UPSTREAM_GAPS: "true" }).SANDBOX_UPSTREAM_GAPS).toBe(true);
    expect(parseEnv({ SANDBOX_UPSTREAM_GAPS: "0" }).SANDBOX_UPSTREAM_GAPS).toBe(false);
    expect(() => parseEnv({ SANDBOX_UPSTREAM_GAPS: "yes" })).toThrow(/SANDBOX_UPSTREAM_GAPS/);
  });

  test("SANDBOX_BFF: the spec's BFF by default, or the published one; nothing else", () => {
    expect(parseEnv({}).SANDBOX_BFF).toBe("spec");
    expect(parseEnv({ SANDBOX_BFF: "published" }).SANDBOX_BFF).toBe("published");
    expect(() => parseEnv({ SANDBOX_BFF: "real" })).toThrow(/SANDBOX_BFF/);
  });

  test("REDIS_URL: unset or empty is the in-process store; a redis:// or rediss:// URL, nothing else", () => {
    expect(parseEnv({}).REDIS_URL).toBeUndefined();
    expect(parseEnv({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
    expect(parseEnv({ REDIS_URL: "redis://valkey:6379" }).REDIS_URL).toBe("redis://valkey:6379");
    expect(parseEnv({ REDIS_URL: "rediss://:pw@valkey:6380/1" }).REDIS_URL).toBe(
      "rediss://:pw@valkey:6380/1",
    );
    expect(() => parseEnv({ REDIS_URL: "http://valkey:6379" })).toThrow(/REDIS_URL/);
    expect(() => parseEnv({ REDIS_URL: "valkey:6379" })).toThrow(/REDIS_URL/);
  });

  test("bounds the proxy deadline and the geocoding queue, with defaults", () => {
    const env = parseEnv({});
    expect(env.UPSTREAM_DEADLINE_MS).toBe(30_000);
    expect(env.GEOCODER_QUEUE_MAX).toBe(20);
    expect(env.GEOCODER_QUEUE_PER_CLIENT).toBe(3);
    expect(parseEnv({ UPSTREAM_DEADLINE_MS: "5000" }).UPSTREAM_DEADLINE_MS).toBe(5000);
    for (const name of ["UPSTREAM_DEADLINE_MS", "GEOCODER_QUEUE_MAX", "GEOCODER_QUEUE_PER_CLIENT"])
      expect(() => parseEnv({ [name]: "0" })).toThrow(name);
  });
});
