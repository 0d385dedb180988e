import type { Request, Response } from "express";
import { playsGaps } from "../gaps.ts";
import type { Citizen, SandboxStore, SandboxTenant } from "../types.ts";
import { getLocals } from "../types.ts";
import { getCatalog } from "./catalog.ts";
import type { TenantCatalog } from "./catalog-types.ts";
import type { AppschedState } from "./appointment-types.ts";

export type Clock = () => Date;

export type AppschedContext = {
  state: AppschedState;
  tenant: SandboxTenant;
  catalog: TenantCatalog;
  citizen: Citizen | null;
  publicApi: boolean;
  now: Date;
  /** Gaps mode (sandbox/gaps.ts): the appsched API gets no citizen identity from the BFF, so it checks no owner. */
  gaps: boolean;
};

/** Everything a handler needs, read fresh on each request (a reset replaces `store.state`). */
export function getAppschedContext(store: SandboxStore, clock: Clock, res: Response): AppschedContext {
  const { tenant, citizen, publicApi } = getLocals(res);
  return {
    state: store.state.appsched,
    tenant,
    catalog: getCatalog(tenant.id),
    citizen,
    publicApi: publicApi === true,
    now: clock(),
    gaps: playsGaps(store),
  };
}

export function getQueryString(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === "string" ? value : undefined;
}

export function getParam(req: Request, name: string): string {
  const value = req.params[name];
  return typeof value === "string" ? value : "";
}
