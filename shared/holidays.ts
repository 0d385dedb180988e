/** Italian national public holidays (feste nazionali); patron saints' days are local and left to each office. */
export type Holiday = { date: string; name: string };

const fixedHolidays: Array<{ monthDay: string; name: string; since?: number }> = [
  { monthDay: "01-01", name: "Capodanno" },
  { monthDay: "01-06", name: "Epifania" },
  { monthDay: "04-25", name: "Festa della Liberazione" },
  { monthDay: "05-01", name: "Festa del Lavoro" },
  { monthDay: "06-02", name: "Festa della Repubblica" },
  { monthDay: "08-15", name: "Assunzione di Maria (Ferragosto)" },
  // Law 151/2025 restored 4 October (San Francesco d'Assisi, patrono d'Italia) as a national holiday from 2026.
  { monthDay: "10-04", name: "San Francesco d'Assisi", since: 2026 },
  { monthDay: "11-01", name: "Tutti i Santi" },
  { monthDay: "12-08", name: "Immacolata Concezione" },
  { monthDay: "12-25", name: "Natale" },
  { monthDay: "12-26", name: "Santo Stefano" },
];

/** Easter Sunday (Gregorian calendar, anonymous "Meeus/Jones/Butcher" computus) as "yyyy-MM-dd". */
export function getEasterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toDay(year, month, day);
}

/** Easter Monday (Lunedì dell'Angelo, "Pasquetta"). */
export function getEasterMonday(year: number): string {
  const [, month, day] = getEasterSunday(year).split("-").map(Number);
  const monday = new Date(Date.UTC(year, month! - 1, day! + 1));
  return toDay(year, monday.getUTCMonth() + 1, monday.getUTCDate());
}

export function getItalianPublicHolidays(year: number): Holiday[] {
  const fixed = fixedHolidays
    .filter((holiday) => holiday.since === undefined || year >= holiday.since)
    .map((holiday) => ({ date: `${year}-${holiday.monthDay}`, name: holiday.name }));
  const easter = [
    { date: getEasterSunday(year), name: "Pasqua" },
    { date: getEasterMonday(year), name: "Lunedì dell'Angelo" },
  ];
  return [...fixed, ...easter].sort((left, right) => left.date.localeCompare(right.date));
}

/** True when a "yyyy-MM-dd" day is an Italian national public holiday. */
export function isItalianPublicHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4));
  return getItalianPublicHolidays(year).some((holiday) => holiday.date === day);
}

function toDay(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
