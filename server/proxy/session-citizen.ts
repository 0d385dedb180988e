import { createHash } from "node:crypto";
import type { Response } from "express";
import { LRUCache } from "lru-cache";
import { upstreamCookieHeader } from "./header-hygiene.ts";
import { getCurrentUser } from "#server/upstream/user.ts";
import type { TenantService } from "#server/upstream/tenant-config.ts";
import { normalizeFiscalCode } from "#shared/validation/fiscal-code.ts";

/** Who the session's citizen is, by fiscal code (null: anonymous), as the upstream says for this browser. */
export type SessionCitizen = (res: Response) => Promise<string | null>;

/**
 * Resolves the session's citizen server-side (`utenti/me` with the browser's upstream cookies, trusted identity
 * headers and maintenance credential), cached briefly per session: a key made of the municipality and a hash of
 * those credentials, so one citizen's answer can never serve another session. A browser without any credential is
 * anonymous without asking.
 */
export function createSessionCitizen(options: {
  tenantService: TenantService;
  ttlMs?: number;
  maxEntries?: number;
}): SessionCitizen {
  const cache = new LRUCache<string, { cf: string | null }>({
    max: options.maxEntries ?? 10_000,
    ttl: options.ttlMs ?? 30_000,
  });
  return async (res) => {
    const locals = res.locals;
    const cookie = upstreamCookieHeader(locals.cookies);
    const identityHeaders = locals.identityHeaders;
    const authorization = locals.maintenanceAuthorization;
    const identity = JSON.stringify(identityHeaders ?? {});
    if (!cookie && identity === "{}") return null;
    const key = createHash("sha256")
      .update(`${locals.portalTenant.id}\0${cookie ?? ""}\0${identity}\0${authorization ?? ""}`)
      .digest("base64url");
    const cached = cache.get(key);
    if (cached) return cached.cf;
    const user = await getCurrentUser({
      ...options.tenantService.scope(locals.portalTenant),
      cookie,
      identityHeaders,
      authorization,
    });
    const cf = user ? normalizeFiscalCode(user.codFisc) : null;
    cache.set(key, { cf });
    return cf;
  };
}
