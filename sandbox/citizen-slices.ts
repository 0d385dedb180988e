import type { SandboxState } from "./types.ts";

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
];
