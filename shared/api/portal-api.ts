import type { TenantConfig } from "./tenant-config.ts";
import type { Utente } from "./user.ts";
import type { KnowledgeBaseApi } from "./knowledge-base.ts";
import type { FeedbackApi } from "./feedback.ts";
import type { AppschedApi } from "./appsched.ts";
import type { NotifyApi } from "./notify.ts";
import type { OtpApi } from "./otp.ts";
import type { ReceiptStorageApi } from "./receipt-storage.ts";
import type { DocumentsApi } from "./documents.ts";
import type { FavouritesApi } from "./favourites.ts";
import type { MessagesApi } from "./messages.ts";
import type { PpayApi } from "./ppay.ts";
import type { MypayApi } from "./mypay.ts";
import type { DisruptionApi } from "./disruption.ts";
import type { CrmApi } from "./crm.ts";
import type { MoonApi } from "./moon.ts";
import type { ActingForApi, DelegheApi } from "./deleghe.ts";

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
  /** Notify preferences: terms, contacts, services, preferences (`/api/notificatore/preferenze`). */
  notify: NotifyApi;
  /** One-time codes verifying an e-mail or a mobile number (`/api-public/otp`). */
  otp: OtpApi;
  /** PPAY receipt archiving flag (`/api/ppay/citizens/{cf}`). */
  receiptStorage: ReceiptStorageApi;
  /** Personal documents (MY_DOCS, `/api/document/*`) of the logged-in citizen. */
  documents: DocumentsApi;
  /** Favourite services (`/api/preferenze`) of the logged-in citizen on this municipality. */
  favourites: FavouritesApi;
  /** The citizen's messages (Notify message store, `/api/notificatore/messagestore`). */
  messages: MessagesApi;
  /** PPAY debt positions, receipts, notices and payment URLs of the logged-in citizen (`/api/ppay`). */
  ppay: PpayApi;
  /** MYPAY payment types, dues, notice check and the citizen's positions (`/api[-public]/mypay`). */
  mypay: MypayApi;
  /** CRM: service catalogue, privacy text, tickets, drafts (`/api[-public]/crm`, `/api/draft[s]`). */
  crm: CrmApi;
  /** The disruption report (DISSERVIZIO_CRM): policy, categories, creation and receipt. */
  disruption: DisruptionApi;
  /** The forms module (MOON): the citizen's instances, bound to the citizen by the identity token and the portal. */
  moon: MoonApi;
  /** Delegations (DELEGHE): the citizen's lists, bound to the citizen by the portal for every action by id. */
  deleghe: DelegheApi;
  /** Calls made for a delegator (DELEGHE acting-for, issue #28): only with a delegation the portal has just checked. */
  actingFor: ActingForApi;
}
