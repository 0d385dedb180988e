import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { seedAppsched } from "./appsched/state.ts";
import { seedMessages } from "./messages/seed.ts";
import { seedCitizens } from "./seed/citizens.ts";
import { seedMyDocs } from "./mydocs/state.ts";
import { seedFavourites } from "./favourites/state.ts";
import { seedNotify } from "./notify/seed.ts";
import { seedOtp } from "./otp/otp.ts";
import { seedReceiptStorage } from "./ppay/receipt-storage.ts";
import { seedPpay } from "./ppay/positions.ts";
import { seedMypay } from "./mypay/state.ts";
import { sandboxTenants } from "./seed/tenants.ts";
import { seedCrm } from "./crm/seed.ts";
import { seedMoon } from "./forms/state.ts";
import { seedDeleghe } from "./deleghe/state.ts";
import type { SandboxState, SandboxStore } from "./types.ts";
import type { SandboxProfile } from "./profile.ts";

export function seedState(): SandboxState {
  return {
    version: 1,
    citizens: Object.fromEntries(seedCitizens().map((c) => [c.codFisc, c])),
    sessions: {},
    feedback: [],
    nextFeedbackId: 1,
    faults: {},
    appsched: seedAppsched(),
    messages: seedMessages(),
    mydocs: seedMyDocs(),
    favourites: seedFavourites(),
    notify: seedNotify(),
    otp: seedOtp(),
    receiptStorage: seedReceiptStorage(),
    ppay: seedPpay(),
    mypay: seedMypay(),
    crm: seedCrm(),
    moon: seedMoon(),
    deleghe: seedDeleghe(),
  };
}

function loadState(path: string): SandboxState {
  const saved = JSON.parse(readFileSync(path, "utf8")) as Partial<SandboxState>;
  if (saved.version !== 1) throw new Error(`sandbox state file ${path}: unknown version`);
  return { ...seedState(), ...saved };
}

/** The sandbox's whole mutable state, optionally persisted to a JSON file (written atomically on `save()`). */
export function createStore(
  stateFile?: string,
  options: { gaps?: boolean; profile?: SandboxProfile; cmsUrl?: string; portalOrigin?: string } = {},
): SandboxStore {
  const store: SandboxStore = {
    state: stateFile && existsSync(stateFile) ? loadState(stateFile) : seedState(),
    // Its own copy: a test switching a municipality's asset off changes its sandbox, not the next test's (Vitest
    // shares modules between files: vitest.config.ts `isolate: false`).
    tenants: structuredClone(sandboxTenants),
    gaps: options.gaps === true,
    profile: options.profile ?? "spec",
    cmsUrl: options.cmsUrl,
    portalOrigin: options.portalOrigin,
    save() {
      if (!stateFile) return;
      const temporary = `${stateFile}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(store.state, null, 2));
      renameSync(temporary, stateFile);
    },
    reset() {
      store.state = { ...seedState(), sessions: store.state.sessions };
      store.save();
    },
  };
  return store;
}
