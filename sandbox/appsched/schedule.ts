import {
  addMonthsToDay,
  addDaysToDay,
  daysOfMonth,
  isoWeekdayOf,
  romeDayOf,
  romeTimeOf,
  SIX_MONTHS,
} from "#shared/dates.ts";
import { isItalianPublicHoliday } from "#shared/holidays.ts";
import type { StoredAppointment } from "./appointment-types.ts";
import type { Office } from "./catalog-types.ts";

const inactiveStatuses = new Set(["ANNULLATA", "RIFIUTATA"]);

export function toMinutes(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours! * 60 + minutes!;
}

export function fromMinutes(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

export function isOfficeOpen(office: Office, day: string): boolean {
  if (isItalianPublicHoliday(day) || office.closedDays?.includes(day)) return false;
  const weekday = isoWeekdayOf(day);
  return office.openingHours.some((hours) => hours.weekday === weekday);
}

/** Start times of every slot of the day by the opening hours, holidays ignored. */
export function getSlotGrid(office: Office, day: string): string[] {
  const weekday = isoWeekdayOf(day);
  return office.openingHours
    .filter((hours) => hours.weekday === weekday)
    .flatMap((hours) => {
      const times: string[] = [];
      for (
        let start = toMinutes(hours.from);
        start + office.slotMinutes <= toMinutes(hours.to);
        start += office.slotMinutes
      ) {
        times.push(fromMinutes(start));
      }
      return times;
    });
}

/** Bookable days: from today to six months ahead, both included. */
export function getBookingWindow(now: Date): { first: string; last: string } {
  const today = romeDayOf(now);
  return { first: today, last: addMonthsToDay(today, SIX_MONTHS) };
}

export function isWithinBookingWindow(day: string, now: Date): boolean {
  const { first, last } = getBookingWindow(now);
  return day >= first && day <= last;
}

export function isSlotPast(day: string, time: string, now: Date): boolean {
  const today = romeDayOf(now);
  return day < today || (day === today && time <= romeTimeOf(now));
}

export function isActiveAppointment(appointment: StoredAppointment): boolean {
  return !inactiveStatuses.has(appointment.status);
}

/** The active appointments that take a place at `office`. */
export function getOfficeBookings(
  appointments: StoredAppointment[],
  tenantId: string,
  office: Office,
): StoredAppointment[] {
  return appointments.filter(
    (appointment) =>
      appointment.tenantId === tenantId &&
      appointment.serviceId === office.id &&
      isActiveAppointment(appointment),
  );
}

/** Free slot times of a day; `excludeId` does not count (an appointment being moved keeps its own slot free). */
export function getFreeSlots(
  bookings: StoredAppointment[],
  office: Office,
  day: string,
  now: Date,
  excludeId?: number,
): string[] {
  if (!isWithinBookingWindow(day, now) || !isOfficeOpen(office, day)) return [];
  const taken = new Map<string, number>();
  for (const booking of bookings) {
    if (booking.id === excludeId || !booking.start.startsWith(day)) continue;
    const time = booking.start.slice(11, 16);
    taken.set(time, (taken.get(time) ?? 0) + 1);
  }
  return getSlotGrid(office, day).filter(
    (time) => !isSlotPast(day, time, now) && (taken.get(time) ?? 0) < office.capacity,
  );
}

export function getUnavailableDays(
  bookings: StoredAppointment[],
  office: Office,
  monthDay: string,
  now: Date,
): string[] {
  return daysOfMonth(monthDay).filter((day) => getFreeSlots(bookings, office, day, now).length === 0);
}

/** First and last bookable days in the window, or null when nothing is free. */
export function getAvailableRange(
  bookings: StoredAppointment[],
  office: Office,
  now: Date,
): { first: string | null; last: string | null } {
  const { first, last } = getBookingWindow(now);
  const hasFreeSlot = (day: string) => getFreeSlots(bookings, office, day, now).length > 0;
  let firstFree: string | null = null;
  for (let day = first; day <= last && !firstFree; day = addDaysToDay(day, 1))
    if (hasFreeSlot(day)) firstFree = day;
  let lastFree: string | null = null;
  for (let day = last; firstFree && day >= firstFree && !lastFree; day = addDaysToDay(day, -1)) {
    if (hasFreeSlot(day)) lastFree = day;
  }
  return { first: firstFree, last: lastFree };
}
