import { z } from "zod";

/** `GET /api-public/utenti/me` (401 means anonymous). */
export const UtenteSchema = z
  .object({
    nome: z.string(),
    cognome: z.string(),
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
