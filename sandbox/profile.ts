import type { Request, RequestHandler, Response } from "express";
import type { SandboxStore } from "./types.ts";

/**
 * Which BFF the sandbox plays (README "Profiles"): `spec`, the spec's fuller BFF (default: every feature the portal
 * offers), or `published`, the Città Facile BFF as its public Java routes it (`csipiemonte/citfac`, `citfacbe/`):
 * the same answers, without what that BFF does not route. Both answer as hard as the published Java wherever the
 * spec is silent or agrees (raw strings labelled JSON, the CMS redirects, ErrorDto shapes, nulls, ISO timestamps).
 */
export type SandboxProfile = "spec" | "published";

export const SANDBOX_PROFILES: readonly SandboxProfile[] = ["spec", "published"];

/** `SANDBOX_BFF` of the standalone sandbox: "spec" (or unset) or "published"; anything else is an error. */
export function profileFromEnv(value: string | undefined): SandboxProfile {
  if (value === undefined || value === "") return "spec";
  if ((SANDBOX_PROFILES as readonly string[]).includes(value)) return value as SandboxProfile;
  throw new Error(`SANDBOX_BFF must be one of ${SANDBOX_PROFILES.join(", ")} (got "${value}")`);
}

export function playsPublished(store: Pick<SandboxStore, "profile">): boolean {
  return store.profile === "published";
}

/**
 * The body Spring Boot's error controller writes when Jersey finds no resource (404) or no method (405) for a
 * call: what the published BFF answers for everything it does not route.
 */
export function sendSpringError(req: Request, res: Response, status: 404 | 405 | 500): void {
  const error = { 404: "Not Found", 405: "Method Not Allowed", 500: "Internal Server Error" }[status];
  res.status(status).json({ timestamp: javaTimestamp(new Date()), status, error, path: req.path });
}

/**
 * A timestamp as the BFF's Jackson writes a `java.sql.Timestamp` (Spring Boot's defaults: ISO-8601 text in UTC,
 * milliseconds, `+00:00`), not an epoch number.
 */
export function javaTimestamp(date: Date | number | string): string {
  return new Date(date).toISOString().replace(/Z$/, "+00:00");
}

type Unrouted = { methods: readonly string[] | "any"; path: RegExp; status: 404 | 405; why: string };

/**
 * What the published BFF does not route (its Jersey resources, read from `citfacbe/…/controller`): a call here gets
 * Spring's 404 (or 405 where the resource exists without the method), after the filters, as there.
 */
export const PUBLISHED_UNROUTED: readonly Unrouted[] = [
  {
    methods: "any",
    path: /^\/api-public\/configComune\/(menufooter|contatti|disservizio)(\/|$)/,
    status: 404,
    why: "ConfigComuneController has fromtenant, menu, servizi, dettaglioServizi only",
  },
  {
    methods: "any",
    path: /^\/api-public\/crm\/disservizio(\/|$)/,
    status: 404,
    why: "CRMPublicController routes tickets, services, knowledge_bases only",
  },
  {
    methods: "any",
    path: /^\/api\/crm\/disservizio(\/|$)/,
    status: 404,
    why: "passed to the CRM, which has no disruption reports",
  },
  { methods: "any", path: /^\/api(-public)?\/mypay(\/|$)/, status: 404, why: "no MYPAY resource" },
  {
    methods: "any",
    path: /^\/api\/(deleghe|richieste-delega|richiesta-delega)(\/|$)/,
    status: 404,
    why: "no delegation resource",
  },
  {
    methods: ["PUT", "DELETE", "PATCH"],
    path: /^\/api-public\/appsched(\/|$)/,
    status: 405,
    why: "AppschedPublicController's PUT and DELETE are commented out",
  },
  {
    methods: "any",
    path: /^\/api-public\/ppay\/citizens\/[^/]+\/debtpositions(\/[^/]+\/paymentreceipt)?\/?$/,
    status: 404,
    why: "PPayPublicController routes paymenttypes, payment and POST …/paymenttypes/{type}/debtpositions only",
  },
];

/** The published profile's routing: placed after the BFF's filters, before every resource. */
export function publishedRouting(store: SandboxStore): RequestHandler {
  return (req, res, next) => {
    if (!playsPublished(store)) return next();
    const hit = PUBLISHED_UNROUTED.find(
      (u) => u.path.test(req.path) && (u.methods === "any" || u.methods.includes(req.method)),
    );
    if (!hit) return next();
    if (hit.status === 405) res.setHeader("Allow", "GET, POST, HEAD, OPTIONS");
    sendSpringError(req, res, hit.status);
  };
}
