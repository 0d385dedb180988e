import type { PortalApi } from "#shared/api/portal-api.ts";
import type { UpstreamRequestContext } from "./http.ts";
import type { TenantRef, TenantService } from "./tenant-config.ts";
import { getCurrentUser } from "./user.ts";
import { checkMaintenanceCredential } from "./maintenance.ts";
import { createKnowledgeBaseApi } from "./knowledge-base.ts";
import { createFeedbackApi } from "./feedback.ts";
import { createAppschedApi, ownAppointmentsOnly } from "./appsched.ts";
import { createNotifyApi } from "./notify.ts";
import { createOtpApi } from "./otp.ts";
import { createReceiptStorageApi } from "./receipt-storage.ts";
import { createDocumentsApi } from "./documents.ts";
import { createFavouritesApi } from "./favourites.ts";
import { createMessagesApi } from "./messages.ts";
import { createPpayApi } from "./ppay.ts";
import { createMypayApi } from "./mypay.ts";
import { createCrmApi } from "./crm.ts";
import { createMoonApi } from "./moon.ts";
import { createDelegheApi } from "./deleghe.ts";
import { createActingForApi } from "./acting-for.ts";
import { createDisruptionApi, ownReportsOnly } from "./disruption.ts";

/**
 * The upstream bound to one request (its tenant, cookies, identity headers, maintenance credential, signal). Calls
 * by id that the real upstream answers for anybody (appointments, disruption receipts: issue #23) are bound to the
 * session's citizen here, so no page can reach another citizen's record whatever id it is given.
 */
export function createPortalApi(
  ctx: UpstreamRequestContext,
  tenant: TenantRef,
  tenantService: TenantService,
): PortalApi {
  // Once per request: the root loader and the page's loaders all ask for these.
  let config: ReturnType<TenantService["config"]> | undefined;
  let user: ReturnType<typeof getCurrentUser> | undefined;
  const currentUser = () => (user ??= getCurrentUser(ctx));
  const ownFiscalCode = async () => (await currentUser())?.codFisc ?? null;
  const crm = createCrmApi(ctx);
  return {
    getTenantConfig: () => (config ??= tenantService.config(tenant, ctx)),
    getCurrentUser: currentUser,
    checkMaintenanceCredential: (credential) => checkMaintenanceCredential(ctx, credential),
    knowledgeBase: createKnowledgeBaseApi(ctx),
    feedback: createFeedbackApi(ctx),
    appschedPublic: createAppschedApi(ctx, "api-public"),
    appschedAuthenticated: ownAppointmentsOnly(createAppschedApi(ctx, "api"), ownFiscalCode),
    notify: createNotifyApi(ctx),
    otp: createOtpApi(ctx),
    receiptStorage: createReceiptStorageApi(ctx),
    documents: createDocumentsApi(ctx),
    favourites: createFavouritesApi(ctx),
    messages: createMessagesApi(ctx),
    ppay: createPpayApi(ctx),
    mypay: createMypayApi(ctx),
    crm,
    disruption: ownReportsOnly(createDisruptionApi(ctx), crm, ownFiscalCode),
    moon: createMoonApi(ctx),
    deleghe: createDelegheApi(ctx),
    actingFor: createActingForApi(ctx),
  };
}
