import { randomInt } from "node:crypto";
import { romeDayOf } from "#shared/dates.ts";
import { javaTimestamp } from "../profile.ts";
import type { SandboxState } from "../types.ts";

export type OtpKind = "EMAIL" | "SMS";

export type OtpRow = {
  id: number;
  codiceFiscale: string;
  codiceOTP: string;
  used: boolean;
  expirationDate: string;
  tipoRichiesta: OtpKind;
  contatto: string;
  createdAt: string;
  /** Wrong codes tried against this row; at `OTP_MAX_ATTEMPTS` the row is burnt. */
  wrongAttempts: number;
};

export type OtpState = { nextId: number; rows: OtpRow[] };

export const OTP_VALIDITY_MS = 5 * 60 * 1000;
export const SMS_DAILY_LIMIT = 3;
export const OTP_MAX_ATTEMPTS = 5;

export function seedOtp(): OtpState {
  return { nextId: 1, rows: [] };
}

export function smsAttemptsLeft(state: SandboxState, cf: string, now: Date): number {
  const today = romeDayOf(now);
  const sent = state.otp.rows.filter(
    (row) =>
      row.codiceFiscale === cf && row.tipoRichiesta === "SMS" && romeDayOf(new Date(row.createdAt)) === today,
  ).length;
  return Math.max(0, SMS_DAILY_LIMIT - sent);
}

/** A new 5-digit code for `contatto`, "sent" to the sandbox mailbox (e-mail or SMS alike). */
export function createOtp(
  state: SandboxState,
  input: { codiceFiscale: string; tipoRichiesta: OtpKind; contatto: string; tenantId: string },
  now: Date,
  code: string = String(randomInt(0, 100000)).padStart(5, "0"),
  options: { gaps?: boolean } = {},
): OtpRow | "limit" {
  // Gaps mode: no SMS-per-day cap (issue #23 asks the stand-in to cap nothing).
  if (
    !options.gaps &&
    input.tipoRichiesta === "SMS" &&
    smsAttemptsLeft(state, input.codiceFiscale, now) === 0
  )
    return "limit";
  const row: OtpRow = {
    id: state.otp.nextId++,
    codiceFiscale: input.codiceFiscale,
    codiceOTP: code,
    used: false,
    expirationDate: javaTimestamp(now.getTime() + OTP_VALIDITY_MS),
    tipoRichiesta: input.tipoRichiesta,
    contatto: input.contatto,
    createdAt: now.toISOString(),
    wrongAttempts: 0,
  };
  state.otp.rows.push(row);
  state.appsched.mailbox.push({
    id: state.appsched.nextMailId++,
    tenantId: input.tenantId,
    to: input.contatto,
    subject: "Codice di verifica",
    body: `Il tuo codice di verifica è ${code}.\nÈ valido per 5 minuti. Non comunicarlo a nessuno.`,
    link: null,
    sentAt: now.toISOString(),
  });
  return row;
}

/** The BFF's OTP row as its `/otp` answers show it (gaps mode only: it carries the code). */
export function otpRowDto(row: OtpRow) {
  const { id, codiceFiscale, codiceOTP, used, expirationDate, tipoRichiesta } = row;
  return { id, codiceFiscale, codiceOTP, used, expirationDate, tipoRichiesta };
}

export type VerifyOutcome = "valid" | "expired" | "not-found";

/**
 * Checks a code for a fiscal code and a request type (`richiesta`: `EMAIL` or `SMS`, the BFF's `TipoRichiestaOTP`).
 * The citizen's unused rows of that type are the candidates (as the BFF looks a row up by code, fiscal code and
 * type): a right code → its row used; by default a wrong one costs every candidate an attempt (a row is burnt after
 * `OTP_MAX_ATTEMPTS`). In gaps mode, as the BFF, wrong codes are not counted.
 */
export function verifyOtp(
  state: SandboxState,
  input: { tipoRichiesta: OtpKind; codiceFiscale: string; otp: string },
  now: Date,
  options: { gaps?: boolean } = {},
): VerifyOutcome {
  const ofCitizen = (r: OtpRow) =>
    r.codiceFiscale === input.codiceFiscale && r.tipoRichiesta === input.tipoRichiesta;
  if (options.gaps) {
    const row = state.otp.rows.find((r) => ofCitizen(r) && !r.used && r.codiceOTP === input.otp);
    if (!row) return "not-found";
    if (new Date(row.expirationDate).getTime() <= now.getTime()) return "expired";
    row.used = true;
    return "valid";
  }
  const candidates = state.otp.rows.filter(
    (r) => ofCitizen(r) && !r.used && r.wrongAttempts < OTP_MAX_ATTEMPTS,
  );
  const row = candidates.find((r) => r.codiceOTP === input.otp);
  if (!row) {
    for (const candidate of candidates) candidate.wrongAttempts++;
    return "not-found";
  }
  if (new Date(row.expirationDate).getTime() <= now.getTime()) return "expired";
  row.used = true;
  return "valid";
}
