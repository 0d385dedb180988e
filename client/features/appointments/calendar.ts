import {
  addDaysToDay,
  addMonthsToDay,
  daysOfMonth,
  formatDate,
  isoWeekdayOf,
  isValidDay,
  SIX_MONTHS,
} from "#shared/dates.ts";
import type { Locale } from "#shared/locale.ts";

/** One day of the month grid. */
export type CalendarDay = {
  day: string;
  /** Day of the month, 1–31. */
  date: number;
  /** "lunedì 7 dicembre 2026", the accessible name of the cell. */
  label: string;
  available: boolean;
  selected: boolean;
  today: boolean;
};

export type CalendarMonth = {
  /** "yyyy-MM" */
  month: string;
  /** "dicembre 2026" */
  title: string;
  /** Weeks from Monday to Sunday; `null` pads the days of the neighbouring months. */
  weeks: Array<Array<CalendarDay | null>>;
  previous: string | null;
  next: string | null;
};

/** The calendar's column headings, Monday first: "lun"/"lunedì", "Mon"/"Monday". */
export function weekdays(locale: Locale): { short: string; long: string }[] {
  const monday = "2027-03-01";
  return Array.from({ length: 7 }, (_, index) => {
    const day = addDaysToDay(monday, index);
    return { short: formatDate(day, "EEE", locale), long: formatDate(day, "EEEE", locale) };
  });
}

/** The bookable window: from today to six months ahead, both included ("yyyy-MM-dd"). */
export function getBookingWindow(today: string): { first: string; last: string } {
  return { first: today, last: addMonthsToDay(today, SIX_MONTHS) };
}

export function isWithinWindow(day: string, today: string): boolean {
  const { first, last } = getBookingWindow(today);
  return isValidDay(day) && day >= first && day <= last;
}

/** `?mese=` when it is a month of the window, else null. */
export function parseMonth(value: string | null | undefined, today: string): string | null {
  if (!value || !/^\d{4}-\d{2}$/.test(value) || !isValidDay(`${value}-01`)) return null;
  const { first, last } = getBookingWindow(today);
  return value >= first.slice(0, 7) && value <= last.slice(0, 7) ? value : null;
}

export type MonthGridInput = {
  /** "yyyy-MM", inside the window. */
  month: string;
  today: string;
  /** Days the office cannot take (from `unavailable_dates`). */
  unavailable: ReadonlySet<string>;
  selected?: string | null;
  locale: Locale;
  /** A day that stays selectable even when full (the slot of an appointment being changed). */
  alwaysAvailable?: string | null;
};

/** The month as a Monday-first grid; days outside the window or unavailable are not selectable. */
export function buildMonthGrid(input: MonthGridInput): CalendarMonth {
  const { month, today, unavailable } = input;
  const { first, last } = getBookingWindow(today);
  const days: CalendarDay[] = daysOfMonth(`${month}-01`).map((day) => ({
    day,
    date: Number(day.slice(8)),
    label: formatDate(day, "EEEE d MMMM yyyy", input.locale),
    available: day >= first && day <= last && (!unavailable.has(day) || day === input.alwaysAvailable),
    selected: day === input.selected,
    today: day === today,
  }));
  const padding = isoWeekdayOf(days[0]!.day) - 1;
  const cells: Array<CalendarDay | null> = [...Array<null>(padding).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
  const previousMonth = addMonthsToDay(`${month}-01`, -1).slice(0, 7);
  const nextMonth = addMonthsToDay(`${month}-01`, 1).slice(0, 7);
  return {
    month,
    title: formatDate(`${month}-01`, "MMMM yyyy", input.locale),
    weeks,
    previous: previousMonth >= first.slice(0, 7) ? previousMonth : null,
    next: nextMonth <= last.slice(0, 7) ? nextMonth : null,
  };
}
