import type { z } from "zod";
import {
  AppointmentSchema,
  CategorySchema,
  CreatedAppointmentSchema,
  DateListSchema,
  DeletedAppointmentSchema,
  LegalContentsSchema,
  SlotListSchema,
  SportelloDetailSchema,
  SportelloSchema,
  type AppschedApi,
} from "#shared/api/appsched.ts";
import { callUpstream, type UpstreamCall, type UpstreamRequestContext } from "./http.ts";
import { sanitizeRichText } from "./sanitize.ts";

const SERVICE = "appsched";
const CategoryListSchema = CategorySchema.array();
const SportelloListSchema = SportelloSchema.array();
const AppointmentListSchema = AppointmentSchema.array();

type Call<T> = Omit<UpstreamCall<T>, "service" | "path"> & { path: string };

/**
 * Appointments (contract §4) through `/api/appsched` (logged-in citizens) or `/api-public/appsched`. The e-mailed
 * hash links and the legal contents are public routes of the BFF, so they always use `/api-public`.
 */
export function createAppschedApi(ctx: UpstreamRequestContext, base: "api" | "api-public"): AppschedApi {
  const call = async <T>(root: string, { path, ...rest }: Call<T>): Promise<T> => {
    const headers = { "Accept-Language": "it", ...rest.headers };
    const { data } = await callUpstream(ctx, {
      ...rest,
      service: SERVICE,
      path: `${root}/appsched/${path}`,
      headers,
    });
    return data;
  };
  const own = <T>(options: Call<T>) => call(base, options);
  const pub = <T>(options: Call<T>) => call("api-public", options);
  const id = encodeURIComponent;
  const hashPath = (hash: string) => `appointments/hash/${id(hash)}`;
  const json = <T>(schema: z.ZodType<T>) => ({ schema });

  return {
    categories: () => own({ path: "categories", ...json(CategoryListSchema) }),
    services: (categoryId) =>
      own({ path: `categories/${id(categoryId)}/services`, ...json(SportelloListSchema) }),
    service: (serviceId) => own({ path: `services/${id(serviceId)}`, ...json(SportelloDetailSchema) }),
    unavailableDates: (serviceId, monthDate) =>
      own({
        path: `services/${id(serviceId)}/unavailable_dates`,
        query: { date: monthDate },
        ...json(DateListSchema),
      }),
    availabilities: (serviceId, day) =>
      own({
        path: `services/${id(serviceId)}/availabilities`,
        query: { date: day },
        ...json(SlotListSchema),
      }),
    createAppointment: (input, options) =>
      own({
        path: "appointments",
        method: "POST",
        body: input,
        headers: options?.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : undefined,
        ...json(CreatedAppointmentSchema),
      }),
    listAppointments: (codiceFiscale) =>
      own({
        path: "appointments",
        query: { sort: "-start", aggregates: true, codice_fiscale: codiceFiscale },
        ...json(AppointmentListSchema),
      }),
    getAppointment: (appointmentId, accessToken) =>
      own({
        path: `appointments/${id(appointmentId)}`,
        query: { aggregates: true, token: accessToken },
        ...json(AppointmentSchema),
      }),
    updateAppointment: (appointmentId, input) =>
      own({
        path: `appointments/${id(appointmentId)}`,
        method: "PUT",
        body: input,
        ...json(AppointmentSchema),
      }),
    deleteAppointment: (appointmentId) =>
      own({ path: `appointments/${id(appointmentId)}`, method: "DELETE", ...json(DeletedAppointmentSchema) }),
    getByHash: (hash) => pub({ path: hashPath(hash), ...json(AppointmentSchema) }),
    updateByHash: (hash, input) =>
      pub({ path: hashPath(hash), method: "PUT", body: input, ...json(AppointmentSchema) }),
    deleteByHash: (hash) =>
      pub({ path: hashPath(hash), method: "DELETE", ...json(DeletedAppointmentSchema) }),
    legalContents: async () => {
      const contents = await pub({ path: "legal-contents", ...json(LegalContentsSchema) });
      return { ...contents, body: sanitizeRichText(contents.body) };
    },
  };
}
