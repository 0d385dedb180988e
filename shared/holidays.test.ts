import { expect, test } from "vitest";
import { getItalianPublicHolidays, isItalianPublicHoliday } from "./holidays.ts";

const easter = (year: number) =>
  getItalianPublicHolidays(year)
    .filter((holiday) => /Pasqua|Angelo/.test(holiday.name))
    .map((holiday) => holiday.date);

test("Easter Sunday and Monday follow the Gregorian computus", () => {
  expect(easter(2024)).toEqual(["2024-03-31", "2024-04-01"]);
  expect(easter(2025)).toEqual(["2025-04-20", "2025-04-21"]);
  expect(easter(2026)).toEqual(["2026-04-05", "2026-04-06"]);
  expect(easter(2027)).toEqual(["2027-03-28", "2027-03-29"]);
  expect(easter(2038)).toEqual(["2038-04-25", "2038-04-26"]);
  expect(easter(2285)).toEqual(["2285-03-22", "2285-03-23"]);
});

test("Easter Monday is a holiday, across month ends too", () => {
  expect(isItalianPublicHoliday("2027-03-29")).toBe(true);
  expect(isItalianPublicHoliday("2024-04-01")).toBe(true);
});

test("the national holidays of a year", () => {
  const days = getItalianPublicHolidays(2027).map((holiday) => holiday.date);
  expect(days).toEqual([
    "2027-01-01",
    "2027-01-06",
    "2027-03-28",
    "2027-03-29",
    "2027-04-25",
    "2027-05-01",
    "2027-06-02",
    "2027-08-15",
    "2027-10-04",
    "2027-11-01",
    "2027-12-08",
    "2027-12-25",
    "2027-12-26",
  ]);
});

test("4 October is a holiday only from 2026", () => {
  expect(isItalianPublicHoliday("2025-10-04")).toBe(false);
  expect(isItalianPublicHoliday("2027-10-04")).toBe(true);
});

test("4 October is in every year's list from 2026 on", () => {
  for (const year of [2026, 2027, 2030, 2100]) {
    expect(getItalianPublicHolidays(year)).toContainEqual({
      date: `${year}-10-04`,
      name: expect.stringContaining("San Francesco d'Assisi"),
    });
    expect(isItalianPublicHoliday(`${year}-10-04`)).toBe(true);
  }
  expect(getItalianPublicHolidays(2025).map((holiday) => holiday.date)).not.toContain("2025-10-04");
  expect(getItalianPublicHolidays(2026)).toHaveLength(13);
  expect(getItalianPublicHolidays(2030).map((holiday) => holiday.date)).toEqual([
    "2030-01-01",
    "2030-01-06",
    "2030-04-21",
    "2030-04-22",
    "2030-04-25",
    "2030-05-01",
    "2030-06-02",
    "2030-08-15",
    "2030-10-04",
    "2030-11-01",
    "2030-12-08",
    "2030-12-25",
    "2030-12-26",
  ]);
});

test("ordinary days and observances are not holidays", () => {
  expect(isItalianPublicHoliday("2027-03-30")).toBe(false);
  // Mother's Day (second Sunday of May) is an observance, not a public holiday.
  expect(isItalianPublicHoliday("2027-05-09")).toBe(false);
  expect(isItalianPublicHoliday("2027-12-26")).toBe(true);
});
