import { expect, test } from "vitest";
import {
  addDaysToDay,
  addMonthsToDay,
  daysOfMonth,
  formatDate,
  isoWeekdayOf,
  isValidDay,
  parseRomeDateTime,
  todayInRome,
} from "./dates.ts";

test("Italian dates are written in Europe/Rome with the Italian locale", () => {
  const date = parseRomeDateTime("2027-03-01 09:30");
  expect(formatDate(date, "EEEE d MMMM yyyy, HH:mm", "it")).toBe("lunedì 1 marzo 2027, 09:30");
  expect(formatDate("2027-03-01 09:30:00", "EEEE d MMMM yyyy, HH:mm", "it")).toBe(
    "lunedì 1 marzo 2027, 09:30",
  );
});

test("the English variant uses the English locale", () => {
  expect(formatDate(parseRomeDateTime("2027-03-01 09:30"), "EEEE d MMMM yyyy, HH:mm", "en")).toBe(
    "Monday 1 March 2027, 09:30",
  );
});

test("Rome wall-clock times become the right instants across daylight saving time", () => {
  expect(parseRomeDateTime("2027-03-01 09:30").toISOString()).toBe("2027-03-01T08:30:00.000Z");
  expect(parseRomeDateTime("2027-07-01 09:30:00").toISOString()).toBe("2027-07-01T07:30:00.000Z");
  expect(Number.isNaN(parseRomeDateTime("2027-02-30 09:30").getTime())).toBe(true);
  expect(Number.isNaN(parseRomeDateTime("domani").getTime())).toBe(true);
});

test("today is the Rome calendar day whatever the machine's zone", () => {
  expect(todayInRome(new Date("2027-03-01T23:30:00Z"))).toBe("2027-03-02");
  expect(todayInRome(new Date("2027-03-01T22:59:00Z"))).toBe("2027-03-01");
});

test("weeks start on Monday", () => {
  expect(formatDate("2027-03-07", "EEEE w", "it")).toBe(
    formatDate("2027-03-01", "EEEE w", "it").replace("lunedì", "domenica"),
  );
  expect(isoWeekdayOf("2027-03-01")).toBe(1);
  expect(isoWeekdayOf("2027-03-07")).toBe(7);
});

test("calendar arithmetic on day strings ignores daylight saving changes", () => {
  expect(addDaysToDay("2027-03-27", 2)).toBe("2027-03-29");
  expect(addDaysToDay("2027-10-30", 2)).toBe("2027-11-01");
  expect(addMonthsToDay("2027-08-31", 6)).toBe("2028-02-29");
});

test("days of a month and day validity", () => {
  expect(daysOfMonth("2027-02-15")).toHaveLength(28);
  expect(daysOfMonth("2028-02-01").at(-1)).toBe("2028-02-29");
  expect(isValidDay("2027-02-29")).toBe(false);
  expect(isValidDay("2027-13-01")).toBe(false);
  expect(isValidDay("2027-3-1")).toBe(false);
});
