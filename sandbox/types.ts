import type { Response } from "express";
import type { AppschedState } from "./appsched/appointment-types.ts";
import type { MessagesState } from "./messages/types.ts";
import type { TenantContent } from "./seed/content-types.ts";
import type { MyDocsState } from "./mydocs/state.ts";
import type { FavouritesState } from "./favourites/state.ts";
import type { NotifyState } from "./notify/types.ts";
import type { OtpState } from "./otp/otp.ts";
import type { ReceiptStorageState } from "./ppay/receipt-storage.ts";
import type { PpayState } from "./ppay/positions.ts";
import type { MypayState } from "./mypay/state.ts";
import type { CrmTenantState } from "./crm/store.ts";
import type { MoonState } from "./forms/state.ts";
import type { DelegheState } from "./deleghe/state.ts";
import type { SandboxProfile } from "./profile.ts";

export type AssetCode =
  | "MYPAY"
  | "PPAY"
  | "APPSCHED"
  | "ASSISTENZA_CRM"
  | "MOON"
  | "MY_DOCS"
  | "NOTIFICATIONS"
  | "DELEGHE"
  | "DISSERVIZIO_CRM";

export type SandboxAsset = {
  id: number;
  codice: AssetCode;
  nome: string;
  descrizione: string;
  showPublic: boolean;
  delegheMaxDays?: number;
  codiceFiscaleAnonimo?: string;
};

export type MaintenanceCredential = { username: string; password: string };

/** One municipality of the sandbox. Static seed data: never written to the state file. */
/**
 * Public Firebase web settings (what a browser needs to ask for a push token). The sandbox's are shaped like real ones
 * but name no real project: the cloud messaging service is never reached from the sandbox or its tests.
 */
export type SandboxFirebaseSettings = {
  apiKey: string;
  appId: string;
  messagingSenderId: string;
  projectId: string;
  vapidKey: string;
};

export type SandboxTenant = {
  id: string;
  /** The exact `X-Forwarded-Host` value the BFF resolves this municipality from. */
  host: string;
  /**
   * The portal's host name for this municipality, as the payment systems' back office holds it (where the pagoPA
   * checkout sends the browser back): the first of its hosts in the demo's `config/tenants.json`, which a test keeps
   * equal (config/tenants.test.ts).
   */
  portalHost: string;
  nome: string;
  codiceEnte: string;
  codiceImmagine: string;
  /** `link` and `homePage` may be null, as the BFF's Java allows (comune-b has no region link, comune-c no site). */
  regione: { id: number; nome: string; link: string | null };
  homePage: string | null;
  urlRicerca: string | null;
  cms: boolean;
  maintenance: boolean;
  /** Never returned by any endpoint. */
  maintenanceCredential: MaintenanceCredential | null;
  assets: SandboxAsset[];
  /** Not in the public contract (issue #24): the main office, the address of last resort of the structured data. */
  sede?: { nome: string; via: string; cap: string; comune: string };
  /** Not in the public contract (issue #24): the texts of the pages the portal serves without a CMS. */
  paginePortale?: { privacy?: string[]; noteLegali?: string[] };
  /** The web-push (Firebase) settings the portal's opt-in uses; absent: no push opt-in (issue #29). */
  firebase?: SandboxFirebaseSettings;
  content: TenantContent;
};

/** Who is calling: from the SSO headers or from the sandbox login cookie. */
export type Citizen = {
  codFisc: string;
  nome: string;
  cognome: string;
  email: string | null;
  phoneNumber: string | null;
};

export type NotifyContacts = {
  email: string | null;
  sms: string | null;
  push: Record<string, string[]> | null;
};

/** A test citizen: the SPID attributes (the Notify contacts live in `SandboxState.notify`). */
export type CitizenRecord = Citizen;

export type FeedbackEntity = {
  id: number;
  comune: string;
  pagePath: string | null;
  pageTitle: string | null;
  serviceID: number | null;
  rating: number;
  option: string;
  details: string | null;
  timestamp: string;
};

export type SandboxSession = { codFisc: string; createdAt: string };

/** Everything that changes at run time. JSON-serialisable: it is what the state file holds. */
export type SandboxState = {
  version: 1;
  citizens: Record<string, CitizenRecord>;
  sessions: Record<string, SandboxSession>;
  feedback: FeedbackEntity[];
  nextFeedbackId: number;
  /** Switches that make a service fail, e.g. `{ kb: "down" }`. Cleared by reset. */
  faults: Record<string, string>;
  appsched: AppschedState;
  /** Notify message store: each citizen's messages, keyed by fiscal code. */
  messages: MessagesState;
  /** Notify preferences: terms, contacts and preferences per citizen (sandbox/notify/). */
  notify: NotifyState;
  /** OTP rows (sandbox/otp/): never listed by any endpoint. */
  otp: OtpState;
  /** PPAY receipt archiving flag per "{tenantId}:{CF}" (sandbox/ppay/receipt-storage.ts). */
  receiptStorage: ReceiptStorageState;
  /** PPAY debt positions per municipality and citizen, and the open pagoPA checkouts (sandbox/ppay/positions.ts). */
  ppay: PpayState;
  /** MYPAY payment types and dues per municipality (sandbox/mypay/; shapes are our definition). */
  mypay: MypayState;
  /** Personal documents (sandbox/mydocs/): areas per municipality, documents per municipality and citizen. */
  mydocs: MyDocsState;
  /** Favourite services per municipality and citizen (sandbox/favourites/). */
  favourites: FavouritesState;
  /** CRM tickets and drafts per municipality (sandbox/crm/). */
  crm: Record<string, CrmTenantState>;
  /** The forms module (Moon): instances per municipality (sandbox/forms/). */
  moon: MoonState;
  /** Delegations per municipality (sandbox/deleghe/; shapes are our definition, shared/api/deleghe.ts). */
  deleghe: DelegheState;
};

/** `reset()` replaces `state`: read `store.state` on every request, never keep a reference to it. */
export type SandboxStore = {
  state: SandboxState;
  tenants: readonly SandboxTenant[];
  /**
   * Gaps mode (`createSandboxApp({ gaps: true })`, env `SANDBOX_UPSTREAM_GAPS=1`): the sandbox plays the real
   * upstream's documented authorization gaps (contract §1, §8; README "Gaps mode") instead of refusing them. Read it
   * through `playsGaps(store)` (sandbox/gaps.ts). Absent = default mode.
   */
  readonly gaps?: boolean;
  /**
   * Which BFF the sandbox plays (`sandbox/profile.ts`, env `SANDBOX_BFF`): the spec's fuller one (absent or `spec`)
   * or the published one (`published`: what it does not route answers 404/405). Read through `playsPublished`.
   */
  readonly profile?: SandboxProfile;
  /**
   * The CMS stand-in's base URL (`sandbox/cms.ts`), where a municipality with a CMS has its menu and services
   * redirected; absent (an app not listening, e.g. in-process tests), those are answered from the seed directly.
   */
  cmsUrl?: string;
  /**
   * The portal's origin the pagoPA checkout returns to, as the payment systems configure it per organization: a
   * template where `{host}` is the municipality's portal host (sandbox/ppay/checkout.ts `portalReturnBase`).
   */
  readonly portalOrigin?: string;
  /** Writes the state file when one is configured; a no-op otherwise. */
  save(): void;
  /** Restores the seed (sessions survive: a reset does not log citizens out). */
  reset(): void;
};

/**
 * The `res.locals` contract of the sandbox middleware, valid inside every `/api*` router:
 * `tenant` is always set there (an unknown host is answered before the routers), `citizen` is null when anonymous,
 * `publicApi` is set only in front of routers mounted under both `/api` and `/api-public`.
 */
export type SandboxLocals = {
  tenant: SandboxTenant;
  citizen: Citizen | null;
  publicApi?: boolean;
};

export function getLocals(res: Response): SandboxLocals {
  return res.locals as unknown as SandboxLocals;
}
