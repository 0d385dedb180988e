import express from "express";
import request from "supertest";
import { seedCitizens } from "#sandbox/seed/citizens.ts";
import { sandboxTenants } from "#sandbox/seed/tenants.ts";
import { getLocals, type SandboxState, type SandboxStore, type SandboxTenant } from "#sandbox/types.ts";
import { createMailboxRouter } from "#sandbox/appsched/mailbox.ts";
import { createAppschedRouter } from "#sandbox/appsched/router.ts";
import { seedAppsched } from "#sandbox/appsched/state.ts";

/** Monday 1 March 2027, 08:15 in Rome: every test reads this clock, never the real one. */
export const TEST_NOW = new Date("2027-03-01T07:15:00Z");
export const [MARIO, GIULIA] = seedCitizens();

/** comune-c without the appointments asset. */
const tenantWithoutAppsched: SandboxTenant = {
  ...sandboxTenants[2]!,
  id: "comune-x",
  assets: sandboxTenants[2]!.assets.filter((asset) => asset.codice !== "APPSCHED"),
};
const tenants = [...sandboxTenants, tenantWithoutAppsched];

function createState(now: Date): SandboxState {
  return {
    version: 1,
    citizens: {},
    sessions: {},
    feedback: [],
    nextFeedbackId: 1,
    faults: {},
    appsched: seedAppsched({ now, secret: "test-secret" }),
    notify: { users: {} },
    otp: { nextId: 1, rows: [] },
    receiptStorage: {},
    messages: {},
    mydocs: { areas: {}, documents: {} },
    favourites: {},
    ppay: { positions: {}, checkouts: {} },
    crm: {},
    mypay: { tipologie: {}, dovuti: {}, nextSeq: 1 },
    moon: { instances: {}, next: 1 },
    deleghe: { byTenant: {}, next: 1 },
  };
}

/**
 * The appointments router behind stub middleware: header `x-test-tenant` picks the tenant (default comune-a),
 * `x-test-citizen` a seeded citizen by fiscal code. Mounted under `/api/appsched` and `/api-public/appsched`.
 */
export function createAppschedTestApp(start: Date = TEST_NOW) {
  let now = start;
  const store: SandboxStore = {
    state: createState(start),
    tenants,
    save() {},
    reset() {
      store.state = createState(now);
    },
  };
  const app = express();
  app.use((req, res, next) => {
    const locals = getLocals(res);
    locals.tenant = tenants.find((tenant) => tenant.id === (req.get("x-test-tenant") ?? "comune-a"))!;
    locals.citizen = seedCitizens().find((citizen) => citizen.codFisc === req.get("x-test-citizen")) ?? null;
    next();
  });
  const router = createAppschedRouter(store, { now: () => now });
  const mark =
    (publicApi: boolean): express.RequestHandler =>
    (_req, res, next) => {
      getLocals(res).publicApi = publicApi;
      next();
    };
  app.use("/api/appsched", mark(false), router);
  app.use("/api-public/appsched", mark(true), router);
  app.use("/__sandbox", createMailboxRouter(store));
  return {
    app,
    store,
    http: request(app),
    setNow(date: Date) {
      now = date;
    },
  };
}

/** A valid anonymous booking body for `serviceId` at `start`. */
export function bookingBody(serviceId: string, start: string, overrides: Record<string, unknown> = {}) {
  const reasons: Record<string, string> = {
    "11": "(1) Carta d'identità elettronica",
    "12": "(4) Pubblicazioni di matrimonio",
    "13": "(7) IMU",
  };
  return {
    book: new Date().toISOString(),
    start,
    notes: `${reasons[serviceId] ?? "(21) Carta d'identità elettronica"} - Prima richiesta`,
    customer: { firstName: "Laura", lastName: "Conti", email: "laura.conti@example.it" },
    providerId: "any-provider",
    serviceId,
    ...overrides,
  };
}
