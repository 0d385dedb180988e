import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { sendFilterError } from "../http.ts";
import { getLocals, type SandboxTenant } from "../types.ts";

const exempt = new Set([
  "/api-public/configComune/fromtenant",
  "/api-public/utenti/menu",
  "/api-public/utenti/me",
  "/api-public/maintenance",
  "/api-public/feedback-moon",
  "/api-public/feedback",
]);

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** True when the request carries `Authorization: Basic` with the tenant's maintenance credential. */
export function hasMaintenanceCredential(req: Request, tenant: SandboxTenant): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(req.get("authorization") ?? "");
  const expected = tenant.maintenanceCredential;
  if (!match?.[1] || !expected) return false;
  const given = Buffer.from(match[1], "base64").toString("utf8");
  return timingSafeEqual(digest(given), digest(`${expected.username}:${expected.password}`));
}

/** While the tenant is in maintenance, every `/api*` path but a few needs the maintenance credential. */
export const maintenanceGate: RequestHandler = (req, res, next) => {
  const { tenant } = getLocals(res);
  const path = req.path.length > 1 ? req.path.replace(/\/$/, "") : req.path;
  if (!tenant.maintenance || exempt.has(path) || hasMaintenanceCredential(req, tenant)) return next();
  sendFilterError(res, 401, "Non sei autorizzato server in manutenzione");
};
