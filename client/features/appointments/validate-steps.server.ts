import { z } from "zod";
import {
  APPOINTMENT_DETAILS_MAX_LENGTH,
  type AppschedApi,
  type SportelloDetail,
} from "#shared/api/appsched.ts";
import type { Utente } from "#shared/api/user.ts";
import { todayInRome } from "#shared/dates.ts";
import { validateForm } from "#shared/validation/form.ts";
import { email, fiscalCodeText, maxLength, required, text } from "#shared/validation/rules.ts";
import { isWithinWindow } from "./calendar.ts";
import type { Requester } from "./flow-state.ts";
import { reasonsOf, getTimes } from "./step-loaders.server.ts";
import type { FieldErrors } from "./step-types.ts";
import { translatorFor, type Locale, type Translate } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";

type Refused = { ok: false; errors: FieldErrors; values: Record<string, string> };

const NAME_MAX_LENGTH = 100;

const slotSchema = (t: Translate<typeof appointmentsIt>) =>
  z.object({
    giorno: text(required(t("appointments.date.chooseDay"))),
    orario: text(required(t("appointments.date.chooseTime"))),
  });

const detailsSchema = (t: Translate<typeof appointmentsIt>) =>
  z.object({
    motivo: text(required(t("appointments.details.chooseReason"))),
    dettagli: text(required(), maxLength(APPOINTMENT_DETAILS_MAX_LENGTH)),
  });

const EmailSchema = z.object({ email: text(required(), email(), maxLength(254)) });

const RequesterSchema = EmailSchema.extend({
  nome: text(required(), maxLength(NAME_MAX_LENGTH)),
  cognome: text(required(), maxLength(NAME_MAX_LENGTH)),
  codiceFiscale: fiscalCodeText(),
});

const privacySchema = (t: Translate<typeof appointmentsIt>) =>
  z.object({ privacy: text(required(t("appointments.summary.privacyRequired"))) });

/** The submitted texts of these fields (for the form shown again), "" for those not sent. */
function pick(submitted: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, submitted[name] ?? ""]));
}

const placeSchema = (t: Translate<typeof appointmentsIt>) =>
  z.object({
    categoria: text(required(t("appointments.place.chooseCategory"))),
    ufficio: text(required(t("appointments.place.chooseOffice"))),
  });

/** Category and office, each one the upstream offers; a category fixed by the service is not asked for. */
export async function validatePlace(
  api: AppschedApi,
  form: FormData,
  locale: Locale,
  fixedCategoryId?: string,
): Promise<{ ok: true; categoryId: string; officeId: string } | Refused> {
  const t = translatorFor(locale, appointmentsIt);
  if (fixedCategoryId !== undefined) form.set("categoria", fixedCategoryId);
  const parsed = validateForm(form, placeSchema(t), locale);
  const values = parsed.ok ? parsed.values : pick(parsed.submitted, ["categoria", "ufficio"]);
  const { categoria: categoryId, ufficio: officeId } = values;
  const refuse = (errors: FieldErrors): Refused => ({ ok: false, errors, values });
  // One question at a time: the offices depend on the category.
  if (!parsed.ok && parsed.errors.categoria) return refuse({ categoria: parsed.errors.categoria });
  const categories = await api.categories();
  if (!categories.some((category) => category.id === categoryId))
    return refuse({ categoria: t("appointments.place.chooseCategory") });
  if (!parsed.ok) return refuse(parsed.errors);
  const offices = await api.services(categoryId);
  if (!offices.some((office) => office.id === officeId))
    return refuse({ ufficio: t("appointments.place.unknownOffice") });
  return { ok: true, categoryId, officeId };
}

/** Day and time: the day in the bookable window, the time still free (the upstream decides at the end anyway). */
export async function validateSlot(
  api: AppschedApi,
  officeId: string,
  form: FormData,
  locale: Locale,
  original?: { day: string; time: string },
): Promise<{ ok: true; day: string; time: string } | Refused> {
  const t = translatorFor(locale, appointmentsIt);
  const parsed = validateForm(form, slotSchema(t), locale);
  const values = parsed.ok ? parsed.values : pick(parsed.submitted, ["giorno", "orario"]);
  const { giorno: day, orario: time } = values;
  // The day first: without a valid day there are no times to choose from.
  if (!parsed.ok && parsed.errors.giorno)
    return { ok: false, errors: { giorno: parsed.errors.giorno }, values };
  if (!isWithinWindow(day, todayInRome()))
    return { ok: false, errors: { giorno: t("appointments.date.dayOutOfRange") }, values };
  if (!parsed.ok) return { ok: false, errors: parsed.errors, values };
  const times = await getTimes(api, officeId, day, original);
  if (!times.includes(time))
    return { ok: false, errors: { orario: t("appointments.date.slotTaken") }, values };
  return { ok: true, day, time };
}

export function validateDetails(
  office: SportelloDetail,
  form: FormData,
  locale: Locale,
): { ok: true; reasonId: string; details: string } | Refused {
  const t = translatorFor(locale, appointmentsIt);
  const reasonIds = reasonsOf(office).map((reason) => reason.id);
  const schema = detailsSchema(t).refine((input) => reasonIds.includes(input.motivo), {
    path: ["motivo"],
    error: t("appointments.details.unknownReason"),
  });
  const parsed = validateForm(form, schema, locale);
  if (!parsed.ok)
    return { ok: false, errors: parsed.errors, values: pick(parsed.submitted, ["motivo", "dettagli"]) };
  return { ok: true, reasonId: parsed.values.motivo, details: parsed.values.dettagli };
}

/** Logged in: only the e-mail (identity data come from the profile); anonymous: name, surname, e-mail, optional CF. */
export function validateRequester(
  form: FormData,
  user: Utente | null,
  locale: Locale,
): { ok: true; requester: Requester } | Refused {
  if (user) {
    const parsed = validateForm(form, EmailSchema, locale);
    if (!parsed.ok) return { ok: false, errors: parsed.errors, values: pick(parsed.submitted, ["email"]) };
    return {
      ok: true,
      requester: {
        nome: user.nome,
        cognome: user.cognome,
        email: parsed.values.email,
        codiceFiscale: user.codFisc,
        fromProfile: true,
      },
    };
  }
  const parsed = validateForm(form, RequesterSchema, locale);
  if (!parsed.ok) {
    const values = pick(parsed.submitted, ["nome", "cognome", "email", "codiceFiscale"]);
    return {
      ok: false,
      errors: parsed.errors,
      values: { ...values, codiceFiscale: values.codiceFiscale!.toUpperCase() },
    };
  }
  const { nome, cognome, email: mail, codiceFiscale } = parsed.values;
  return {
    ok: true,
    requester: {
      nome,
      cognome,
      email: mail,
      ...(codiceFiscale ? { codiceFiscale } : {}),
      fromProfile: false,
    },
  };
}

export function validatePrivacy(form: FormData, locale: Locale): string | undefined {
  const t = translatorFor(locale, appointmentsIt);
  const parsed = validateForm(form, privacySchema(t), locale);
  return parsed.ok && parsed.values.privacy === "1" ? undefined : t("appointments.summary.privacyRequired");
}
