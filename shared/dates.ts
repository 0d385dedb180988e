// One module per function and per locale: date-fns' index modules import all of its ~250 functions and ~100
// locales, and the server (where node_modules are not bundled) would load every one of them at start-up (~2 s).
import { addDays } from "date-fns/addDays";
import { addMonths } from "date-fns/addMonths";
import { format } from "date-fns/format";
import { getDaysInMonth } from "date-fns/getDaysInMonth";
import { getISODay } from "date-fns/getISODay";
import { enGB } from "date-fns/locale/en-GB";
import { it } from "date-fns/locale/it";
import { TZDate, tz } from "@date-fns/tz";
import type { Locale } from "./locale.ts";

/**
 * Dates for both server and browser, always computed in Europe/Rome (never the machine's zone), so SSR and
 * hydration print the same strings. Calendar days travel as "yyyy-MM-dd" strings and times of day as "HH:mm".
 */
export const ROME_TIME_ZONE = "Europe/Rome";
/** How far ahead appointments can be booked, in months. */
export const SIX_MONTHS = 6;

export type DateInput = Date | number | string;

const inRome = tz(ROME_TIME_ZONE);
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The one date formatter: in Europe/Rome with date-fns' Italian or British English locale (week starting Monday),
 * e.g. "lunedì 1 marzo 2027, 09:30" / "Monday 1 March 2027, 09:30".
 */
export function formatDate(date: DateInput, pattern: string, locale: Locale): string {
  return format(toDate(date), pattern, { locale: locale === "it" ? it : enGB, in: inRome, weekStartsOn: 1 });
}

/** A calendar day ("yyyy-MM-dd") as the portal writes dates, dd/MM/yyyy (read at noon UTC: the same day in Rome). */
export function formatDay(day: string, locale: Locale): string {
  return formatDate(`${day}T12:00:00Z`, "dd/MM/yyyy", locale);
}

/** A day string, a "yyyy-MM-dd HH:mm[:ss]" Rome wall-clock string, a timestamp or anything `Date` understands. */
export function toDate(input: DateInput): Date {
  if (input instanceof Date) return input;
  if (typeof input === "number") return new Date(input);
  if (dayPattern.test(input)) return parseRomeDateTime(`${input} 00:00`);
  if (dateTimePattern.test(input)) return parseRomeDateTime(input);
  return new Date(input);
}

/** Today's calendar day in Rome, "yyyy-MM-dd". */
export function todayInRome(now: Date = new Date()): string {
  return romeDayOf(now);
}

export function romeDayOf(date: Date): string {
  return format(date, "yyyy-MM-dd", { in: inRome });
}

export function romeTimeOf(date: Date): string {
  return format(date, "HH:mm", { in: inRome });
}

/** "yyyy-MM-dd HH:mm[:ss]" (or with "T") read as Rome wall-clock time; an Invalid Date when malformed. */
export function parseRomeDateTime(value: string): Date {
  const match = dateTimePattern.exec(value.trim());
  if (!match) return new Date(Number.NaN);
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  if (!isValidDay(`${match[1]}-${match[2]}-${match[3]}`) || hours! > 23 || minutes! > 59 || seconds! > 59) {
    return new Date(Number.NaN);
  }
  return new Date(+new TZDate(year!, month! - 1, day!, hours!, minutes!, seconds!, ROME_TIME_ZONE));
}

export function isValidDay(day: string): boolean {
  const match = dayPattern.exec(day);
  if (!match) return false;
  const [year, month, date] = match.slice(1).map(Number);
  return (
    month! >= 1 &&
    month! <= 12 &&
    date! >= 1 &&
    date! <= getDaysInMonth(new Date(Date.UTC(year!, month! - 1, 15)))
  );
}

/** Calendar arithmetic on day strings (done at Rome noon, so daylight-saving changes never shift the day). */
export function addDaysToDay(day: string, days: number): string {
  return romeDayOf(addDays(romeNoon(day), days, { in: inRome }));
}

export function addMonthsToDay(day: string, months: number): string {
  return romeDayOf(addMonths(romeNoon(day), months, { in: inRome }));
}

/** ISO weekday of a day string: 1 = Monday … 7 = Sunday. */
export function isoWeekdayOf(day: string): number {
  return getISODay(romeNoon(day), { in: inRome });
}

/** Every day of the month that contains `day`, as day strings. */
export function daysOfMonth(day: string): string[] {
  const first = `${day.slice(0, 7)}-01`;
  const count = getDaysInMonth(romeNoon(first), { in: inRome });
  return Array.from({ length: count }, (_, index) => addDaysToDay(first, index));
}

function romeNoon(day: string): TZDate {
  const [year, month, date] = day.split("-").map(Number);
  return new TZDate(year!, month! - 1, date!, 12, 0, 0, ROME_TIME_ZONE);
}
