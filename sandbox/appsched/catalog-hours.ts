import type { OpeningHours } from "./catalog-types.ts";

/** Monday–Friday mornings plus the given afternoons. */
export function weekdayHours(
  morning: { from: string; to: string },
  afternoons: { weekdays: number[]; from: string; to: string } | null = null,
): OpeningHours[] {
  const mornings = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ...morning }));
  const extra =
    afternoons?.weekdays.map((weekday) => ({ weekday, from: afternoons.from, to: afternoons.to })) ?? [];
  return [...mornings, ...extra].sort(
    (left, right) => left.weekday - right.weekday || left.from.localeCompare(right.from),
  );
}
