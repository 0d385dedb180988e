import { formText } from "#client/lib/services.ts";
import {
  APPOINTMENT_DETAILS_MAX_LENGTH,
  type AppschedApi,
  type SportelloDetail,
} from "#shared/api/appsched.ts";
import type { Utente } from "#shared/api/user.ts";
import { todayInRome } from "#shared/dates.ts";
import { normalizeFiscalCode } from "#shared/validation/fiscal-code.ts";
import { email, fiscalCode, maxLength, required, validate } from "#shared/validation/rules.ts";
import { isWithinWindow } from "./calendar.ts";
import type { Requester } from "./flow-state.ts";
import { reasonsOf, getTimes } from "./step-loaders.server.ts";
import type { FieldErrors } from "./step-types.ts";
import { texts } from "./texts.ts";

type Refused = { ok: false; errors: FieldErrors; values: Record<string, string> };

const NAME_MAX_LENGTH = 100;

/** Day and time: the day in the bookable window, the time still free (the upstream decides at the end anyway). */
export async function validateSlot(
  api: AppschedApi,
  officeId: string,
  form: FormData,
  original?: { day: string; time: string },
): Promise<{ ok: true; day: string; time: string } | Refused> {
  const day = formText(form, "giorno");
  const time = formText(form, "orario");
  const values = { giorno: day, orario: time };
  if (!day) return { ok: false, errors: { giorno: texts.date.chooseDay }, values };
  if (!isWithinWindow(day, todayInRome()))
    return { ok: false, errors: { giorno: texts.date.dayOutOfRange }, values };
  if (!time) return { ok: false, errors: { orario: texts.date.chooseTime }, values };
  const times = await getTimes(api, officeId, day, original);
  if (!times.includes(time)) return { ok: false, errors: { orario: texts.date.slotTaken }, values };
  return { ok: true, day, time };
}

export function validateDetails(
  office: SportelloDetail,
  form: FormData,
): { ok: true; reasonId: string; details: string } | Refused {
  const reasonId = formText(form, "motivo");
  const details = formText(form, "dettagli");
  const values = { motivo: reasonId, dettagli: details };
  const errors: FieldErrors = {};
  if (!reasonId) errors.motivo = texts.details.chooseReason;
  else if (!reasonsOf(office).some((reason) => reason.id === reasonId))
    errors.motivo = texts.details.unknownReason;
  const detailsError = validate(details, required, maxLength(APPOINTMENT_DETAILS_MAX_LENGTH));
  if (detailsError) errors.dettagli = detailsError;
  if (errors.motivo || errors.dettagli) return { ok: false, errors, values };
  return { ok: true, reasonId, details };
}

/** Logged in: only the e-mail (identity data come from the profile); anonymous: name, surname, e-mail, optional CF. */
export function validateRequester(
  form: FormData,
  user: Utente | null,
): { ok: true; requester: Requester } | Refused {
  const mail = formText(form, "email");
  const emailError = validate(mail, required, email, maxLength(254));
  if (user) {
    if (emailError) return { ok: false, errors: { email: emailError }, values: { email: mail } };
    return {
      ok: true,
      requester: {
        nome: user.nome,
        cognome: user.cognome,
        email: mail,
        codiceFiscale: user.codFisc,
        fromProfile: true,
      },
    };
  }
  const nome = formText(form, "nome");
  const cognome = formText(form, "cognome");
  const codiceFiscale = normalizeFiscalCode(formText(form, "codiceFiscale"));
  const values = { nome, cognome, email: mail, codiceFiscale };
  const errors: FieldErrors = {
    nome: validate(nome, required, maxLength(NAME_MAX_LENGTH)),
    cognome: validate(cognome, required, maxLength(NAME_MAX_LENGTH)),
    email: emailError,
    codiceFiscale: validate(codiceFiscale, fiscalCode),
  };
  if (Object.values(errors).some(Boolean)) return { ok: false, errors: withoutEmpty(errors), values };
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

export function validatePrivacy(form: FormData): string | undefined {
  return formText(form, "privacy") === "1" ? undefined : texts.summary.privacyRequired;
}

function withoutEmpty(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
}
