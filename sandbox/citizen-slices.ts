import type { SandboxState } from "./types.ts";
import { resetReceiptStorage } from "./ppay/receipt-storage.ts";
import { resetPpay } from "./ppay/positions.ts";
import { resetMypay } from "./mypay/state.ts";
import { resetCrmCitizen } from "./crm/seed.ts";
import { resetMoonCitizen } from "./forms/state.ts";
import { resetDelegheCitizen } from "./deleghe/state.ts";

/**
 * Restores one citizen's part of a state slice from the seed. Every module that keeps per-citizen data (notify
 * contacts, messages, documents, favourites, OTP rows…) adds its function here, so that
 * `POST /__sandbox/citizens/:cf/reset` gives a test a known citizen without touching the others (tests of other
 * files run at the same time against the same sandbox).
 */
export type CitizenSliceReset = (state: SandboxState, seed: SandboxState, codFisc: string) => void;

export const citizenSliceResets: CitizenSliceReset[] = [
  (state, seed, codFisc) => {
    const record = seed.citizens[codFisc];
    if (record) state.citizens[codFisc] = record;
  },
  (state, seed, codFisc) => {
    const messages = seed.messages[codFisc];
    if (messages) state.messages[codFisc] = messages;
    else delete state.messages[codFisc];
  },
  // Notify (terms, contacts, preferences) and the citizen's OTP rows.
  (state, seed, codFisc) => {
    const user = seed.notify.users[codFisc];
    if (user) state.notify.users[codFisc] = user;
    else delete state.notify.users[codFisc];
    state.otp.rows = state.otp.rows.filter((row) => row.codiceFiscale !== codFisc);
  },
  resetReceiptStorage,
  resetPpay,
  resetMypay,
  resetCrmCitizen,
  resetMoonCitizen,
  resetDelegheCitizen,
  (state, seed, codFisc) => {
    for (const [tenantId, byCitizen] of Object.entries(state.mydocs.documents)) {
      const seeded = seed.mydocs.documents[tenantId]?.[codFisc];
      if (seeded) byCitizen[codFisc] = seeded;
      else delete byCitizen[codFisc];
    }
    for (const tenantId of new Set([...Object.keys(state.favourites), ...Object.keys(seed.favourites)])) {
      const byCitizen = (state.favourites[tenantId] ??= {});
      const seeded = seed.favourites[tenantId]?.[codFisc];
      if (seeded) byCitizen[codFisc] = [...seeded];
      else delete byCitizen[codFisc];
    }
  },
];
