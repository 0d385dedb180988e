import { z } from "zod";
import type { MaintenanceCredential } from "#shared/api/portal-api.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";
import { isUpstreamError } from "./errors.ts";

export function basicAuthorization(credential: MaintenanceCredential): string {
  return `Basic ${Buffer.from(`${credential.username}:${credential.password}`, "utf8").toString("base64")}`;
}

/** `POST /api-public/maintenance` with the credential as HTTP Basic: 200 accepted, 401/403 refused. */
export async function checkMaintenanceCredential(
  ctx: UpstreamRequestContext,
  credential: MaintenanceCredential,
): Promise<boolean> {
  try {
    await callUpstream(
      { ...ctx, authorization: basicAuthorization(credential) },
      { service: "maintenance", method: "POST", path: "api-public/maintenance", schema: z.unknown() },
    );
    return true;
  } catch (error) {
    if (isUpstreamError(error, 401) || isUpstreamError(error, 403)) return false;
    throw error;
  }
}
