import { z } from "zod";

/**
 * The forms module (MOON, upstream contract §9): the citizen's instances, read with the short-lived identity token
 * (`moon-identita` → header `Moon-Identita-JWT`). Unknown fields are kept (`loose`), unknown status codes too.
 */

export const MoonIdentitySchema = z.object({ idMoonToken: z.string().min(1) }).loose();

/** The codes the contract names; any other code is shown with its description. */
export const MOON_STATUS_CODES = [
  "BOZZA",
  "INVIATA",
  "PUB",
  "IN_ISTRUTTORIA",
  "APPROVATA",
  "COMPLETATA",
] as const;

/** A code the portal can put in a path: no separators, no dot segments. */
export const INSTANCE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const IstanzaSchema = z
  .object({
    codiceIstanza: z.string().regex(INSTANCE_CODE_PATTERN),
    codiceModulo: z.string().nullish(),
    created: z.iso.datetime({ offset: true }).or(z.iso.datetime({ local: true })),
    modulo: z.object({ descrizioneModulo: z.string(), codiceModulo: z.string().nullish() }).loose(),
    stato: z.object({ codice: z.string(), descrizione: z.string() }).loose(),
  })
  .loose();
export type Istanza = z.infer<typeof IstanzaSchema>;

export const IstanzePageSchema = z
  .object({
    items: z.array(IstanzaSchema),
    totalElements: z.number().int().nonnegative(),
    totalPages: z.number().int().nonnegative().optional(),
  })
  .loose();
export type IstanzePage = z.infer<typeof IstanzePageSchema>;

export interface MoonApi {
  /** One page of the citizen's instances on this municipality, newest first. */
  instances(query: { limit: number; offset: number; codiceEnte: string }): Promise<IstanzePage>;
  /** The instance's receipt PDF (only an instance of the citizen: another one is a 404). */
  receipt(codiceIstanza: string, codiceEnte: string): Promise<Uint8Array>;
  /** Deletes one of the citizen's drafts. */
  deleteDraft(codiceIstanza: string, codiceEnte: string): Promise<void>;
  /** Copies one of the citizen's instances into a new draft, which it returns. */
  duplicate(codiceIstanza: string, codiceEnte: string): Promise<Istanza>;
  /** The citizen's own instance by code, or null (looked up in the citizen's list). */
  find(codiceIstanza: string, codiceEnte: string): Promise<Istanza | null>;
}
