import { z } from "zod";
import bytes from "bytes";

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

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional());

/**
 * `TRUST_PROXY` follows Express's `trust proxy` setting: `false` (default), a hop count, or a list of addresses /
 * CIDRs / names such as `loopback`. `true` is refused: it would let any client choose the tenant.
 */
const trustProxy = z
  .string()
  .trim()
  .default("false")
  .transform((v, ctx) => {
    if (v === "" || v === "false" || v === "0") return false as const;
    if (v === "true") {
      ctx.addIssue({ code: "custom", message: "use a hop count or the proxy addresses, not true" });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    return v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  });

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  UPSTREAM_URL: optionalUrl,
  TENANTS_FILE: z.string().default("config/tenants.json"),
  TRUST_PROXY: trustProxy,
  PORTAL_SECRET: z.string().optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
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
  DEMO_MODE: z
    .enum(["true", "false"], { error: "true or false" })
    .default("false")
    .transform((v) => v === "true"),
  /** Maintenance-gate logins: attempts per client address, and per municipality, in each window. */
  MAINTENANCE_LOGIN_PER_CLIENT: z.coerce.number().int().positive().default(10),
  MAINTENANCE_LOGIN_PER_TENANT: z.coerce.number().int().positive().default(100),
  MAINTENANCE_LOGIN_WINDOW_S: z.coerce.number().int().positive().default(300),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(8_000),
});

export type Env = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment once; throws one readable error that lists every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `  - ${issue.path.join(".") || "(env)"}: ${issue.message}`);
  const secret = source.PORTAL_SECRET;
  if (secret !== undefined && secret.length < 32) problems.push("  - PORTAL_SECRET: at least 32 characters");
  else if (secret === undefined && source.NODE_ENV === "production") {
    problems.push("  - PORTAL_SECRET: required in production (at least 32 characters)");
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
  if (problems.length > 0 || !result.success)
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  return Object.freeze(result.data);
}
