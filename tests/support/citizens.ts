import { computeFiscalCodeCheckLetter } from "#shared/validation/fiscal-code.ts";

/**
 * The seeded demo citizens (sandbox/seed/citizens.ts), by name. Apart from portal-requests.ts (which re-exports them)
 * so that a unit test can name a citizen without loading the sandbox and supertest.
 */
export const CITIZENS = {
  MARIO: "RSSMRA80A01H501U",
  GIULIA: "BNCGLI85C55L219R",
  LUCA: "VRDLCU90E10F205V",
  ANNA: "SPSNNA75T48F839X",
} as const;

/**
 * People who are nobody in the seed, by name: Carla Neri cannot log in, so Luca asks with documents to act for her
 * (the delegation request). No test's reset touches her, so her requests need no lease of anyone but their author.
 */
export const STRANGERS = {
  CARLA_NERI: { nome: "Carla", cognome: "Neri", codiceFiscale: strangerFiscalCode("NRECRL52M41L219") },
} as const;

/**
 * A valid fiscal code of a person who is nobody in the seed (a requester, a delegate the sandbox does not know), from
 * its first 15 characters: the check letter is computed, never spelled.
 */
export function strangerFiscalCode(first15: string): string {
  return `${first15}${computeFiscalCodeCheckLetter(first15)}`;
}
