import type { SandboxStore } from "./types.ts";

/**
 * True in gaps mode: the sandbox then behaves as the upstream contract says the real BFF does (§1 "Authorization
 * gaps", §8 OTP): fiscal codes in paths and CRM filters are not checked against the SSO citizen, tickets by id and
 * draft deletion have no owner check, the forms module's instances by id (receipt, deletion, duplication) are
 * answered to any valid identity token of the municipality, the OTP answer carries the code and wrong codes are not capped. The portal's
 * security tests run against it, so that they test the portal's defences rather than the sandbox's.
 */
export function playsGaps(store: Pick<SandboxStore, "gaps">): boolean {
  return store.gaps === true;
}

/** `SANDBOX_UPSTREAM_GAPS` of the standalone sandbox: "1" or "true" turns gaps mode on. */
export function gapsFromEnv(value: string | undefined): boolean {
  return value === "1" || value === "true";
}
