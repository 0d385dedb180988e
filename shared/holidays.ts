import Holidays from "date-holidays";

/**
 * Italian national public holidays (feste nazionali) from `date-holidays` (country IT, public days only: Easter
 * Sunday and Monday, 4 October from 2026 included); patron saints' days are local and left to each office.
 */
export type Holiday = { date: string; name: string };

const italy = new Holidays("IT", { languages: ["it"] });
const byYear = new Map<number, Holiday[]>();

export function getItalianPublicHolidays(year: number): Holiday[] {
  let holidays = byYear.get(year);
  if (!holidays) {
    holidays = italy
      .getHolidays(year)
      .filter((holiday) => holiday.type === "public")
      .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }))
      .sort((left, right) => left.date.localeCompare(right.date));
    byYear.set(year, holidays);
  }
  return holidays;
}

/** True when a "yyyy-MM-dd" day is an Italian national public holiday. */
export function isItalianPublicHoliday(day: string): boolean {
  return getItalianPublicHolidays(Number(day.slice(0, 4))).some((holiday) => holiday.date === day);
}
