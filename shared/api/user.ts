import { z } from "zod";

/** `GET /api-public/utenti/me` (401 means anonymous). */
export const UtenteSchema = z
  .object({
    // The BFF takes them from the SSO headers: without the name headers they are null.
    nome: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    cognome: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    codFisc: z.string(),
    email: z.string().nullish(),
    phoneNumber: z.string().nullish(),
    contatti: z
      .object({
        email: z.string().nullish(),
        sms: z.string().nullish(),
        push: z.record(z.string(), z.array(z.string())).nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose();
export type Utente = z.infer<typeof UtenteSchema>;
