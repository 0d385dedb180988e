import { z } from "zod";
import { isValidFiscalCode } from "../fiscal-code.ts";
import type { Citizen } from "../types.ts";
import type { StoredCustomer } from "./appointment-types.ts";
import { badRequest } from "./http-error.ts";

const IdSchema = z.union([z.string().min(1), z.number()]).transform(String);

/** What moving or booking a slot needs: the body of `PUT appointments/{id}` and part of the `POST` one. */
export const SlotBodySchema = z
  .object({
    start: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:00)?$/, "start: formato atteso yyyy-MM-dd HH:mm:00"),
    notes: z.string().max(2000, "notes: testo troppo lungo"),
    providerId: IdSchema.optional(),
    serviceId: IdSchema,
  })
  .loose();
export type SlotBody = z.infer<typeof SlotBodySchema>;

const BodyCustomerSchema = z
  .object({
    firstName: z.string().nullish(),
    lastName: z.string().nullish(),
    email: z.string().nullish(),
    codice_fiscale: z.string().nullish(),
  })
  .loose();

export const CreateBodySchema = SlotBodySchema.extend({
  book: z.string().nullish(),
  customer: BodyCustomerSchema.nullish(),
});
export type CreateBody = z.infer<typeof CreateBodySchema>;

const CustomerSchema = z.object({
  firstName: z.string().trim().min(1, "customer.firstName: il nome è obbligatorio").max(100),
  lastName: z.string().trim().min(1, "customer.lastName: il cognome è obbligatorio").max(100),
  email: z.email("customer.email: indirizzo e-mail non valido").max(254),
  codice_fiscale: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isValidFiscalCode, "customer.codice_fiscale: codice fiscale non valido")
    .nullable(),
});

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    throw badRequest(
      "Richiesta non valida",
      result.error.issues.map((issue) => issue.message),
    );
  }
  return result.data;
}

/** Logged-in bookings take name and fiscal code from the SSO identity; the e-mail may be the one typed in. */
export function resolveCustomer(body: CreateBody, citizen: Citizen | null): StoredCustomer {
  const typed = body.customer ?? {};
  const candidate = citizen
    ? {
        firstName: citizen.nome,
        lastName: citizen.cognome,
        email: typed.email?.trim() || citizen.email || "",
        codice_fiscale: citizen.codFisc,
      }
    : {
        firstName: typed.firstName ?? "",
        lastName: typed.lastName ?? "",
        email: typed.email?.trim() ?? "",
        codice_fiscale: typed.codice_fiscale?.trim() || null,
      };
  return parseBody(CustomerSchema, candidate);
}
