import { isValidDay, romeDayOf } from "#shared/dates.ts";

/** `availabilities?date=`: strictly "yyyy-MM-dd". */
export function parseDayParam(value: string | undefined): string | null {
  return value && isValidDay(value) ? value : null;
}

/**
 * `unavailable_dates?date=`: any day of the month, as "yyyy-MM-dd", "yyyy-MM", an ISO timestamp or a JavaScript
 * `Date#toString()` (the original frontend sends the 15th that way). Timestamps are read in Europe/Rome.
 */
export function parseMonthParam(value: string | undefined): string | null {
  if (!value) return null;
  if (isValidDay(value)) return value;
  if (/^\d{4}-\d{2}$/.test(value)) return isValidDay(`${value}-01`) ? `${value}-01` : null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : romeDayOf(date);
}
