import type { RequestHandler } from "express";
import { z } from "zod";
import type { MaintenanceCredential } from "#shared/api/portal-api.ts";
import type { Sealer } from "#server/security/seal.ts";
import { basicAuthorization } from "#server/upstream/maintenance.ts";
import { PORTAL_COOKIES } from "#shared/portal-cookies.ts";
import { clearPortalCookie, setPortalCookie } from "#server/security/cookies.ts";

/** The spec's session-storage key, kept as the cookie name. */
export const MAINTENANCE_COOKIE = PORTAL_COOKIES.maintenance.name;

declare module "express-serve-static-core" {
  interface Locals {
    /** `Basic …` for the upstream, when the browser holds a valid sealed maintenance credential. */
    maintenanceAuthorization?: string;
  }
}

const CredentialSchema = z.object({ username: z.string().min(1), password: z.string().min(1) });

export function maintenanceCookies(sealer: Sealer, secure: boolean) {
  return {
    seal: (credential: MaintenanceCredential) =>
      setPortalCookie("maintenance", sealer.seal(JSON.stringify(credential)), { secure }),
    clear: () => clearPortalCookie("maintenance", { secure }),
  };
}

/** Reads the sealed maintenance credential; a tampered or foreign cookie is ignored. */
export function readMaintenanceCredential(sealer: Sealer): RequestHandler {
  return (_req, res, next) => {
    const opened = sealer.unseal(res.locals.cookies[MAINTENANCE_COOKIE]);
    if (opened) {
      try {
        const credential = CredentialSchema.parse(JSON.parse(opened));
        res.locals.maintenanceAuthorization = basicAuthorization(credential);
      } catch {
        // not a credential: treat as absent
      }
    }
    next();
  };
}
