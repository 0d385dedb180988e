import type { AppschedApi, SportelloDetail } from "#shared/api/appsched.ts";
import { toAppointmentStart } from "#shared/api/appsched.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { formatDate, isValidDay, todayInRome } from "#shared/dates.ts";
import { buildMonthGrid, isWithinWindow, parseMonth } from "./calendar.ts";
import { toOfficeView, WHEN_PATTERN } from "./appointment-view.ts";
import type { DateStepData, DetailsStepData, SummaryView } from "./step-types.ts";
import { translatorFor, type Locale } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";

/** `GET services/{id}`, or null when the office no longer exists (the caller restarts the flow). */
export async function findOffice(api: AppschedApi, officeId: string): Promise<SportelloDetail | null> {
  try {
    return await api.service(officeId);
  } catch (error) {
    if (isUpstreamFailure(error, 404) || isUpstreamFailure(error, 400)) return null;
    throw error;
  }
}

export type DateStepInput = {
  /** `?giorno=` (a click in the calendar), else the saved day. */
  requestedDay: string | null;
  requestedMonth: string | null;
  savedDay?: string;
  savedTime?: string;
  slotTaken: boolean;
  /** The current slot of an appointment being changed: always offered, even when full. */
  original?: { day: string; time: string };
};

/** Free times of a day, plus the original slot when changing an appointment on that day. */
export async function getTimes(
  api: AppschedApi,
  officeId: string,
  day: string,
  original?: { day: string; time: string },
): Promise<string[]> {
  const times = await api.availabilities(officeId, day);
  if (original?.day === day && !times.includes(original.time)) return [...times, original.time].sort();
  return times;
}

/** The date step: the month grid with the office's unavailable days, and the free times of the chosen day. */
export async function loadDateStep(
  api: AppschedApi,
  office: SportelloDetail,
  input: DateStepInput,
  locale: Locale,
): Promise<{ data: DateStepData; status: number }> {
  const today = todayInRome();
  const fromQuery = input.requestedDay !== null;
  const candidate = input.requestedDay ?? input.savedDay ?? null;
  let dayError: string | null = null;
  let day: string | null = null;
  if (candidate !== null) {
    if (!isValidDay(candidate) || !isWithinWindow(candidate, today))
      dayError = translatorFor(locale, appointmentsIt)("appointments.date.dayOutOfRange");
    else day = candidate;
  }
  const firstFree = office.firstAvailableDate?.slice(0, 10);
  const month =
    parseMonth(input.requestedMonth, today) ??
    day?.slice(0, 7) ??
    (firstFree && isWithinWindow(firstFree, today) ? firstFree.slice(0, 7) : today.slice(0, 7));
  const [unavailable, times] = await Promise.all([
    api.unavailableDates(office.id, `${month}-01`),
    day ? getTimes(api, office.id, day, input.original) : Promise.resolve([]),
  ]);
  // After a lost race the day may well be full now: that is said by the slot message, not as a wrong day.
  if (day && times.length === 0 && fromQuery && !input.slotTaken)
    dayError = translatorFor(locale, appointmentsIt)("appointments.date.dayNotAvailable");
  const time =
    day && day === input.savedDay && input.savedTime && times.includes(input.savedTime)
      ? input.savedTime
      : null;
  const data: DateStepData = {
    step: "data",
    office: toOfficeView(office, locale),
    calendar: buildMonthGrid({
      locale,
      month,
      today,
      unavailable: new Set(unavailable.map((value) => value.slice(0, 10))),
      selected: dayError ? null : day,
      alwaysAvailable: input.original?.day,
    }),
    day: dayError ? null : day,
    dayLabel: day && !dayError ? formatDate(day, "EEEE d MMMM yyyy", locale) : null,
    times: dayError ? [] : times,
    time,
    dayError,
    slotTaken: input.slotTaken,
  };
  return { data, status: dayError && fromQuery ? 400 : 200 };
}

export function reasonsOf(office: SportelloDetail) {
  return (office.activitiesRelated ?? []).map((reason) => ({ id: reason.id, name: reason.name }));
}

export function buildDetailsStep(
  office: SportelloDetail,
  reasonId: string | null,
  details: string,
  locale: Locale,
): DetailsStepData {
  return {
    step: "dettagli",
    office: toOfficeView(office, locale),
    reasons: reasonsOf(office),
    reasonId,
    details,
  };
}

/** The activity matching a service title (case and spaces ignored), else the office's first one. */
export function pickReasonForService(office: SportelloDetail, serviceTitle: string): string | null {
  const reasons = reasonsOf(office);
  const normalize = (text: string) => text.trim().toLocaleLowerCase("it").replace(/\s+/g, " ");
  return (
    reasons.find((reason) => normalize(reason.name) === normalize(serviceTitle))?.id ?? reasons[0]?.id ?? null
  );
}

export function buildSummary(
  office: SportelloDetail,
  slot: { day: string; time: string; reasonId: string; details: string },
  requester: SummaryView["requester"],
  locale: Locale,
): SummaryView {
  const reason = reasonsOf(office).find((candidate) => candidate.id === slot.reasonId);
  return {
    office: toOfficeView(office, locale),
    when: formatDate(toAppointmentStart(slot.day, slot.time), WHEN_PATTERN, locale),
    reasonName: reason?.name ?? "",
    details: slot.details,
    requester,
  };
}
