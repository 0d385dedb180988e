import { expect, test } from "vitest";
import { buildMonthGrid, getBookingWindow, isWithinWindow, parseMonth, weekdays } from "./calendar.ts";

const today = "2026-11-22"; // a Sunday

test("weeks start on Monday and pad the neighbouring months with empty cells", () => {
  // 1 December 2026 is a Tuesday: one empty cell before it; 31 December is a Thursday: three after it.
  const grid = buildMonthGrid({ locale: "it", month: "2026-12", today, unavailable: new Set() });
  expect(weekdays("it")[0]!.long).toBe("lunedì");
  expect(weekdays("en").map((day) => day.short)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
  expect(grid.title).toBe("dicembre 2026");
  expect(grid.weeks).toHaveLength(5);
  for (const week of grid.weeks) expect(week).toHaveLength(7);
  expect(grid.weeks[0]![0]).toBeNull();
  expect(grid.weeks[0]![1]).toMatchObject({ day: "2026-12-01", date: 1, label: "martedì 1 dicembre 2026" });
  expect(grid.weeks[4]![3]).toMatchObject({ day: "2026-12-31" });
  expect(grid.weeks[4]!.slice(4)).toEqual([null, null, null]);
});

test("a month starting on Monday has no padding before it", () => {
  const grid = buildMonthGrid({ locale: "it", month: "2027-03", today, unavailable: new Set() });
  expect(grid.weeks[0]![0]).toMatchObject({ day: "2027-03-01", label: "lunedì 1 marzo 2027" });
});

test("unavailable days and days outside the window are greyed out", () => {
  const grid = buildMonthGrid({
    locale: "it",
    month: "2026-11",
    today,
    unavailable: new Set(["2026-11-23", "2026-11-24"]),
    selected: "2026-11-25",
  });
  const cells = grid.weeks.flat().filter((cell) => cell !== null);
  const byDay = Object.fromEntries(cells.map((cell) => [cell.day, cell]));
  expect(byDay["2026-11-21"]!.available).toBe(false); // yesterday
  expect(byDay["2026-11-22"]).toMatchObject({ available: true, today: true });
  expect(byDay["2026-11-23"]!.available).toBe(false);
  expect(byDay["2026-11-25"]).toMatchObject({ available: true, selected: true });
});

test("the day of an appointment being changed stays selectable", () => {
  const grid = buildMonthGrid({
    locale: "it",
    month: "2026-12",
    today,
    unavailable: new Set(["2026-12-03"]),
    alwaysAvailable: "2026-12-03",
  });
  expect(grid.weeks.flat().find((cell) => cell?.day === "2026-12-03")!.available).toBe(true);
});

test("navigation stays between this month and the month six months ahead", () => {
  expect(getBookingWindow(today)).toEqual({ first: "2026-11-22", last: "2027-05-22" });
  const first = buildMonthGrid({ locale: "it", month: "2026-11", today, unavailable: new Set() });
  expect(first.previous).toBeNull();
  expect(first.next).toBe("2026-12");
  const last = buildMonthGrid({ locale: "it", month: "2027-05", today, unavailable: new Set() });
  expect(last.previous).toBe("2027-04");
  expect(last.next).toBeNull();
  const may = last.weeks.flat().filter((cell) => cell !== null);
  expect(may.find((cell) => cell.day === "2027-05-22")!.available).toBe(true);
  expect(may.find((cell) => cell.day === "2027-05-23")!.available).toBe(false);
});

test("only months and days of the window are accepted", () => {
  expect(parseMonth("2026-11", today)).toBe("2026-11");
  expect(parseMonth("2027-05", today)).toBe("2027-05");
  expect(parseMonth("2026-10", today)).toBeNull();
  expect(parseMonth("2027-06", today)).toBeNull();
  expect(parseMonth("2026-13", today)).toBeNull();
  expect(parseMonth("dicembre", today)).toBeNull();
  expect(isWithinWindow("2026-11-22", today)).toBe(true);
  expect(isWithinWindow("2026-11-21", today)).toBe(false);
  expect(isWithinWindow("2027-05-23", today)).toBe(false);
  expect(isWithinWindow("2027-02-30", today)).toBe(false);
});
