import { randomBytes } from "#server/security/random-bytes.ts";
import type { RequestHandler } from "express";
import { z } from "zod";
import type { MaintenanceCredential } from "#shared/api/portal-api.ts";
import { createSealer, type Sealer, type SealingSecrets } from "#server/security/seal.ts";
import { basicAuthorization } from "#server/upstream/maintenance.ts";
import { PORTAL_COOKIES, sealedMaxAgeOf } from "#shared/portal-cookies.ts";
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
const DeviceSchema = z.object({ device: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/), tenant: z.string() });

/** The two sealed maintenance cookies' sealers: each its own key and maximum age (shared/portal-cookies.ts). */
export type MaintenanceSealers = { credential: Sealer; device: Sealer };

export function createMaintenanceSealers(secrets: SealingSecrets): MaintenanceSealers {
  return {
    credential: createSealer(secrets, "maintenance-credential", { maxAgeS: sealedMaxAgeOf("maintenance") }),
    device: createSealer(secrets, "maintenance-device", { maxAgeS: sealedMaxAgeOf("maintenanceDevice") }),
  };
}

export function maintenanceCookies(sealers: MaintenanceSealers, secure: boolean) {
  return {
    /** The credential, sealed now (or at `issuedAt`: sealed again after a rotation, it keeps its first time). */
    seal: (credential: MaintenanceCredential, issuedAt?: number) =>
      setPortalCookie("maintenance", sealers.credential.seal(JSON.stringify(credential), issuedAt), {
        secure,
      }),
    clear: () => clearPortalCookie("maintenance", { secure }),
    /** Marks this browser as one the maintainer logged in from, for this municipality (a new random id). */
    knownDevice: (tenantId: string) =>
      setPortalCookie(
        "maintenanceDevice",
        sealers.device.seal(
          JSON.stringify({ device: randomBytes(16).toString("base64url"), tenant: tenantId }),
        ),
        { secure },
      ),
  };
}

/** The id of the known device this browser proves to be for `tenantId` (a sealed cookie), or undefined. */
export function readKnownDevice(
  sealers: MaintenanceSealers,
  cookie: string | undefined,
  tenantId: string,
): string | undefined {
  const opened = sealers.device.unseal(cookie);
  if (!opened) return undefined;
  try {
    const parsed = DeviceSchema.safeParse(JSON.parse(opened));
    return parsed.success && parsed.data.tenant === tenantId ? parsed.data.device : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the sealed maintenance credential; a tampered or foreign cookie is ignored. A credential sealed under a
 * previous secret (`PORTAL_SECRET_PREVIOUS`) is accepted and sealed again with the current one in this answer, so the
 * maintainer is still logged in once the previous secret is dropped.
 */
export function readMaintenanceCredential(
  sealers: MaintenanceSealers,
  options: { secure: boolean },
): RequestHandler {
  return (_req, res, next) => {
    const opened = sealers.credential.open(res.locals.cookies[MAINTENANCE_COOKIE]);
    if (opened) {
      try {
        const credential = CredentialSchema.parse(JSON.parse(opened.value));
        res.locals.maintenanceAuthorization = basicAuthorization(credential);
        if (opened.previous)
          res.append(
            "set-cookie",
            maintenanceCookies(sealers, options.secure).seal(credential, opened.issuedAt),
          );
      } catch {
        // not a credential: treat as absent
      }
    }
    next();
  };
}
