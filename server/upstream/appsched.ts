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
import { normalizeFiscalCode, sameFiscalCode } from "#shared/validation/fiscal-code.ts";
import { UpstreamError } from "./errors.ts";
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
    createAppointment: (input) =>
      own({
        path: "appointments",
        method: "POST",
        body: input,
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

/**
 * The logged-in citizen's appointments API with the owner check the upstream may not make (contract §4: the BFF is a
 * pure pass-through and sends the appointments service no identity; issue #23): an appointment read, changed or
 * cancelled by id must name the session's citizen (`customer.codice_fiscale`), otherwise it is "not found" (404,
 * the same as an unknown id, so ids cannot be probed); the list is only ever asked for the session's own fiscal code.
 */
export function ownAppointmentsOnly(
  api: AppschedApi,
  ownFiscalCode: () => Promise<string | null>,
): AppschedApi {
  const notFound = () => new UpstreamError(SERVICE, "status", 404, "appointment not found for this citizen");
  const owned = async (appointmentId: string) => {
    const [own, appointment] = await Promise.all([ownFiscalCode(), api.getAppointment(appointmentId)]);
    const holder = appointment.customer?.codice_fiscale;
    if (!sameFiscalCode(holder, own)) throw notFound();
    return appointment;
  };
  return {
    ...api,
    getAppointment: (appointmentId) => owned(appointmentId),
    updateAppointment: async (appointmentId, input) => {
      await owned(appointmentId);
      return api.updateAppointment(appointmentId, input);
    },
    deleteAppointment: async (appointmentId) => {
      await owned(appointmentId);
      return api.deleteAppointment(appointmentId);
    },
    listAppointments: async (codiceFiscale) => {
      const raw = await ownFiscalCode();
      const own = raw ? normalizeFiscalCode(raw) : null;
      if (!own || !sameFiscalCode(codiceFiscale, own)) throw notFound();
      // Asked for the citizen's own code; one that names somebody else, or nobody (an upstream ignoring the filter
      // would list every anonymous booking), is dropped all the same: the same rule as opening one by id.
      const list = await api.listAppointments(own);
      return list.filter((a) => sameFiscalCode(a.customer?.codice_fiscale, own));
    },
  };
}
