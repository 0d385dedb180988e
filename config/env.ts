import { isIP } from "node:net";
import { z } from "zod";
import bytes from "bytes";
import { tileUrlProblem } from "#shared/map-tiles.ts";
import { ATTACHMENT_MAX_BYTES } from "#shared/validation/attachments.ts";

/** A size such as `1mb`, `512kb` or a number of bytes. */
const byteSize = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((v, ctx) => {
      const parsed = bytes.parse(v);
      if (parsed === null || !Number.isFinite(parsed) || parsed <= 0) {
        ctx.addIssue({ code: "custom", message: "a size such as 1mb, 512kb or a number of bytes" });
        return z.NEVER;
      }
      return parsed;
    });

/** An on/off switch: `true`/`1` or `false`/`0`. */
const booleanFlag = (fallback: "true" | "false") =>
  z
    .enum(["true", "false", "1", "0"], { error: "true or false (1 or 0)" })
    .default(fallback)
    .transform((v) => v === "true" || v === "1");

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional());

/** The names Express's `trust proxy` knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** Whether Express's `trust proxy` (proxy-addr) takes this entry: a range name, an address, `address/prefix` or `address/netmask`. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", range, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * `TRUST_PROXY` follows Express's `trust proxy` setting: `false` (default), a hop count, or a list of addresses /
 * CIDRs / names such as `loopback`. `true` is refused: it would let any client choose the tenant. An entry Express
 * would not take is refused here, with the others' problems, rather than by a stack trace at start.
 */
const trustProxy = z
  .string()
  .trim()
  .default("false")
  .transform((v, ctx) => {
    if (v === "" || v === "false" || v === "0") return false as const;
    if (v.toLowerCase() === "true") {
      ctx.addIssue({ code: "custom", message: "use a hop count or the proxy addresses, not true" });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isProxyEntry(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `not a hop count, nor proxy addresses (address, address/prefix, loopback, linklocal, uniquelocal): ${wrong.join(", ")}`,
      });
      return z.NEVER;
    }
    return entries;
  });

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  UPSTREAM_URL: optionalUrl,
  TENANTS_FILE: z.string().default("config/tenants.json"),
  /** Seconds between two looks at TENANTS_FILE (a changed file is reloaded without a restart); 0 = never. */
  TENANTS_RELOAD_S: z.coerce.number().int().min(0).default(5),
  TRUST_PROXY: trustProxy,
  PORTAL_SECRET: z.string().optional(),
  /**
   * Secrets still accepted for opening sealed cookies (comma-separated), never used to seal: a rotation in two
   * rollouts (docs/operations.md, "Rotating PORTAL_SECRET").
   */
  PORTAL_SECRET_PREVIOUS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * After a create whose answer never came (a timeout, a 5xx), how long the upstream may still be making it: a retry
   * within this time sends nothing and says "still being confirmed"; after it the portal looks for the write upstream
   * and sends it again only when absent (client/lib/write-once.server.ts).
   */
  WRITE_SETTLE_MS: z.coerce.number().int().min(0).default(30_000),
  /** Total time a proxied `/api` answer may take, body included (UPSTREAM_TIMEOUT_MS only bounds silences). */
  UPSTREAM_DEADLINE_MS: z.coerce.number().int().positive().default(30_000),
  TENANT_CONFIG_TTL_S: z.coerce.number().int().positive().default(300),
  GEOCODER_URL: optionalUrl,
  GEOCODER_USER_AGENT: z
    .string()
    .default("PortaleDelCittadino/0.1 (+https://github.com/portale-del-cittadino)"),
  /** Geocoding lookups that may wait for their turn (1 per second upstream), overall and per client address. */
  GEOCODER_QUEUE_MAX: z.coerce.number().int().positive().default(20),
  GEOCODER_QUEUE_PER_CLIENT: z.coerce.number().int().positive().default(3),
  /** The disruption report's map tiles (`{z}/{x}/{y}` template); default: the embedded sandbox's local tiles. */
  MAP_TILE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const problem = tileUrlProblem(v);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return v;
    }),
  TRUSTED_IDENTITY_HEADERS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BODY_LIMIT: byteSize("1mb"),
  /** A multipart upload (attachments) as a whole; each file has its own limit, UPLOAD_FILE_LIMIT. */
  UPLOAD_LIMIT: byteSize("12mb"),
  UPLOAD_FILE_LIMIT: byteSize("2mb"),
  UPLOAD_MAX_FILES: z.coerce.number().int().positive().default(10),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SANDBOX_STATE_FILE: z.string().optional(),
  /** Show "Ambiente dimostrativo" although UPSTREAM_URL is set (a sandbox run as its own service). */
  DEMO_MODE: booleanFlag("false"),
  /**
   * The embedded sandbox plays the real upstream's documented authorization gaps (sandbox/README.md "Gaps mode"),
   * for the portal's security tests; never in production. No effect with UPSTREAM_URL set.
   */
  SANDBOX_UPSTREAM_GAPS: booleanFlag("false"),
  /**
   * Which BFF the embedded sandbox plays (sandbox/README.md "Profiles"): `spec`, the spec's fuller BFF, or
   * `published`, the Città Facile BFF as published (what it does not route answers 404/405). No effect with
   * UPSTREAM_URL set.
   */
  SANDBOX_BFF: z.enum(["spec", "published"]).default("spec"),
  /**
   * The portal's origin the embedded sandbox's pagoPA checkout returns to, `{host}` standing for the municipality's
   * portal host (the payment systems configure it per organization; no request carries it). Default: this process's
   * own `http://{host}:PORT`. Set it when the portal is reached elsewhere (behind a proxy, over TLS).
   */
  SANDBOX_PORTAL_ORIGIN: z
    .string()
    .regex(/^https?:\/\/\S+$/, "an http(s) origin such as https://{host}")
    .optional(),
  /**
   * Development tools on the pages (the header's "Simula logout"): only when asked for, never in production. `npm run
   * dev` turns them on; `npm start` (what citizens may see) does not.
   */
  DEV_TOOLS: booleanFlag("false"),
  /** Maintenance-gate logins: attempts per client address, and per municipality, in each window. */
  MAINTENANCE_LOGIN_PER_CLIENT: z.coerce.number().int().positive().default(10),
  MAINTENANCE_LOGIN_PER_TENANT: z.coerce.number().int().positive().default(100),
  MAINTENANCE_LOGIN_WINDOW_S: z.coerce.number().int().positive().default(300),
  // Debt positions (spontaneous payments, notices) created by anonymous visitors: per client address and per
  // municipality in a window (docs/decisions/payer-created-positions.md).
  PAYMENT_CREATE_PER_CLIENT: z.coerce.number().int().positive().default(10),
  PAYMENT_CREATE_PER_TENANT: z.coerce.number().int().positive().default(2000),
  PAYMENT_CREATE_WINDOW_S: z.coerce.number().int().positive().default(3600),
  /** One-time codes sent (assistance, profile): per client address and per contact, in each window. */
  OTP_SEND_PER_CLIENT: z.coerce.number().int().positive().default(10),
  OTP_SEND_PER_CONTACT: z.coerce.number().int().positive().default(5),
  OTP_SEND_WINDOW_S: z.coerce.number().int().positive().default(3600),
  /**
   * The shared store (Valkey/Redis, `redis://` or `rediss://`): flows' short-lived data, completed flows, rate limits
   * and the geocoder's budget, shared by every replica (docs/decisions/shared-store.md). Unset: in this process.
   */
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional()),
  /**
   * On SIGTERM, how long requests in flight may still take: longer than one upstream call may (UPSTREAM_TIMEOUT_MS,
   * 10 s), so that a deploy does not cut a confirmation the upstream is still answering. Connections that are idle
   * close at once: a quiet portal exits in about a second whatever this says.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Anonymous page cache (docs/decisions/page-cache.md): seconds an entry lives; 0 turns the cache off. */
  PAGE_CACHE_TTL_S: z.coerce.number().int().min(0).default(10),
  /** Pages kept per municipality, and their bytes per municipality. */
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().positive().default(200),
  PAGE_CACHE_MAX_BYTES: byteSize("16mb"),
  /**
   * The upstream's session cookies (names, or prefixes ending in `*`): a visitor carrying one is a citizen, whose
   * pages never come from nor go into the page cache.
   */
  IDENTITY_COOKIES: z
    .string()
    .default("SANDBOX_SSO,_shibsession_*,JSESSIONID")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim())
        .filter(Boolean),
    ),
  /** Overload shedding (docs/decisions/overload-shedding.md): sustained lag past which reads get a 503; 0 = off. */
  SHED_LAG_MS: z.coerce.number().int().min(0).default(150),
  SHED_RETRY_AFTER_S: z.coerce.number().int().positive().default(5),
  /** Page and API reads answered at once; more get the same 503 (bounds memory and waiting); 0 = no cap. */
  SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(64),
  /** Lag samples (one per 50 ms at rest) whose majority must be past SHED_LAG_MS: one slow tick never sheds. */
  SHED_LAG_WINDOW: z.coerce.number().int().min(1).max(100).default(6),
  /** Reads in flight below which a lagging loop sheds nothing (never on an idle portal); 0 = the lag alone decides. */
  SHED_LAG_MIN_IN_FLIGHT: z.coerce.number().int().min(0).default(16),
  /** The proxy's keep-alive pool to the upstream: idle sockets are closed after this (below the upstream's 65 s). */
  UPSTREAM_KEEPALIVE_MS: z.coerce.number().int().positive().default(4_000),
  UPSTREAM_MAX_SOCKETS: z.coerce.number().int().positive().default(128),
});

export type Env = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment once; throws one readable error that lists every bad variable. */
export function parseEnv(given: Record<string, string | undefined>): Env {
  // An empty variable is an unset one (compose's `${VAR}` of nothing, Kubernetes' `value: ""`): its default, never
  // the 0 that a number read from "" would be (`PORT=` listened on a random port, `SHED_LAG_MS=` shed nothing).
  const source = Object.fromEntries(Object.entries(given).filter(([, value]) => value?.trim() !== ""));
  const result = EnvSchema.safeParse(source);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `  - ${issue.path.join(".") || "(env)"}: ${issue.message}`);
  const secret = source.PORTAL_SECRET;
  // Counted without surrounding blanks: 34 spaces are no secret.
  if (secret !== undefined && secret.trim().length < 32)
    problems.push("  - PORTAL_SECRET: at least 32 characters");
  else if (secret === undefined && source.NODE_ENV === "production") {
    problems.push("  - PORTAL_SECRET: required in production (at least 32 characters)");
  }
  if (result.success && result.data.PORTAL_SECRET_PREVIOUS.length > 0) {
    if (secret === undefined)
      problems.push("  - PORTAL_SECRET_PREVIOUS: needs PORTAL_SECRET (the secret that seals)");
    if (result.data.PORTAL_SECRET_PREVIOUS.some((s) => s.length < 32))
      problems.push("  - PORTAL_SECRET_PREVIOUS: each secret at least 32 characters");
  }
  if (
    result.success &&
    result.data.TRUSTED_IDENTITY_HEADERS.length > 0 &&
    result.data.TRUST_PROXY === false
  ) {
    problems.push(
      "  - TRUSTED_IDENTITY_HEADERS: needs TRUST_PROXY (identity headers are believed only from that proxy)",
    );
  }
  if (result.success && result.data.UPLOAD_FILE_LIMIT < ATTACHMENT_MAX_BYTES) {
    // readForm cuts an oversized file to UPLOAD_FILE_LIMIT + 1 bytes for the attachment rule to refuse: the rule's
    // own limit must not be above it, or a cut file could pass as whole.
    problems.push(
      `  - UPLOAD_FILE_LIMIT: at least ${ATTACHMENT_MAX_BYTES} bytes (the attachments' own limit, 2 MB)`,
    );
  }
  if (problems.length > 0 || !result.success)
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  return Object.freeze(result.data);
}
