import { RouterContextProvider } from "react-router";
import { servicesContext, type RequestServices } from "#client/context.ts";
import type { AppschedApi } from "#shared/api/appsched.ts";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import type { Utente } from "#shared/api/user.ts";
import type { Locale } from "#shared/locale.ts";
import { normalizeFiscalCode } from "#shared/validation/fiscal-code.ts";
import { TEST_BROWSER, ownerOf } from "./flow-cookies.ts";

/** Test helper: an appsched API whose every method fails unless the test provides it. */
export function stubAppsched(methods: Partial<AppschedApi> = {}): AppschedApi {
  return new Proxy(methods as AppschedApi, {
    get(target, name: string) {
      return (
        (target as unknown as Record<string, unknown>)[name] ??
        (() => Promise.reject(new Error(`unexpected call ${name}`)))
      );
    },
  });
}

export type StubOptions = {
  assets?: Array<{ codice: string; showPublic: boolean }>;
  user?: Utente | null;
  appschedPublic?: AppschedApi;
  appschedAuthenticated?: AppschedApi;
  /** Initial flow cookies by flow name. */
  flows?: Record<string, unknown>;
  locale?: Locale;
  /** The client's address (default 192.0.2.1). */
  clientAddress?: string;
  /** The at-most-once writes' timing (default: wait 2 s for a sibling, no settling). */
  writes?: { waitMs: number; settleMs: number };
};

/** Test helper: router context with stub request services (tenant config, user, appsched, flow cookies). */
export function createStubContext(options: StubOptions = {}) {
  const flows = new Map(Object.entries(options.flows ?? {}));
  const ownerTag = options.user ? `c:${normalizeFiscalCode(options.user.codFisc)}` : `a:${TEST_BROWSER}`;
  const config = {
    comune: { nome: "Comune di Prova", assets: options.assets ?? [{ codice: "APPSCHED", showPublic: true }] },
    dettagli: [],
  } as unknown as TenantConfig;
  const services = {
    api: {
      getTenantConfig: async () => config,
      getCurrentUser: async () => options.user ?? null,
      appschedPublic: options.appschedPublic ?? stubAppsched(),
      appschedAuthenticated: options.appschedAuthenticated ?? stubAppsched(),
    },
    env: { devTools: false },
    log: { debug() {}, info() {}, warn() {}, error() {} },
    cookies: {},
    devLogout: { active: false, toggle: () => "dev_logout=; Path=/; Max-Age=0" },
    tenantId: "comune-a",
    clientAddress: options.clientAddress ?? "192.0.2.1",
    locale: options.locale ?? "it",
    xsrfToken: "token",
    uploads: { fileLimit: 1024 * 1024, maxFiles: 1, totalLimit: 2 * 1024 * 1024 },
    writes: options.writes ?? { waitMs: 2000, settleMs: 0 },
    // The flows' states as the test sees them (`flows`); the primitive's owner envelope (client/lib/flow.server.ts)
    // is added on reading and taken off on writing, with this request's owner: the stub user, or anonymous.
    flow: {
      read: (name: string) => (flows.has(name) ? { o: ownerTag, s: flows.get(name) } : undefined),
      write: (name: string, value: unknown, cookie?: { expires?: Date }) => {
        flows.set(name, (value as { s: unknown }).s);
        const expires = cookie?.expires;
        const maxAge = expires ? Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000)) : undefined;
        const lifetime = expires ? `; Max-Age=${maxAge}; Expires=${expires.toUTCString()}` : "";
        return `flow_${name}=sealed; Path=/${lifetime}; HttpOnly`;
      },
      clear: (name: string) => {
        flows.delete(name);
        return `flow_${name}=; Max-Age=0`;
      },
      carried: () => [...flows.keys()],
      browser: () => ({ id: TEST_BROWSER, setCookie: null }),
      clearBrowser: () => "CITFAC_BROWSER=; Max-Age=0",
      owner: ownerOf(options.user?.codFisc ?? null),
    },
  } as unknown as RequestServices;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return { context, flows };
}
