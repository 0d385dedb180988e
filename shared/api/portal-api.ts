import type { TenantConfig } from "./tenant-config.ts";
import type { Utente } from "./user.ts";
import type { KnowledgeBaseApi } from "./knowledge-base.ts";
import type { FeedbackApi } from "./feedback.ts";
import type { AppschedApi } from "./appsched.ts";

export type MaintenanceCredential = { username: string; password: string };

/**
 * The upstream as loaders and actions see it: one instance per request, bound to that request's tenant, cookies,
 * trusted identity headers, maintenance credential and abort signal. Implemented in `server/upstream/`.
 * Every method parses the upstream answer with zod and throws `UpstreamError` on failure.
 */
export interface PortalApi {
  /** The municipality configuration, cached per tenant (TTL, single flight, stale-while-revalidate/if-error). */
  getTenantConfig(): Promise<TenantConfig>;
  /** The logged-in citizen, or null when anonymous (upstream 401). */
  getCurrentUser(): Promise<Utente | null>;
  /** `POST /api-public/maintenance` with the credential as HTTP Basic: true when accepted. */
  checkMaintenanceCredential(credential: MaintenanceCredential): Promise<boolean>;
  knowledgeBase: KnowledgeBaseApi;
  feedback: FeedbackApi;
  /** Appointments through `/api-public/appsched` (anonymous visitors, when the municipality allows them). */
  appschedPublic: AppschedApi;
  /** Appointments through `/api/appsched` (logged-in citizens). */
  appschedAuthenticated: AppschedApi;
}
