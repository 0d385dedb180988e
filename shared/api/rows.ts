import { z } from "zod";

const DROPPED = Symbol("droppedRows");

/** A row an answer's list carried that its schema refused: where, and why (never the row's values). */
export type DroppedRow = { index: number; issue: string };

type Tagged = { [DROPPED]?: readonly DroppedRow[] };

function summary(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return "invalid";
  const path = first.path.map(String).join(".");
  return `${path || "(row)"}: ${first.code}`;
}

/**
 * A list read row by row: a row its schema refuses is dropped, not the list (the upstream's Java may send a row
 * the portal cannot use; one such row must not take a page, or a municipality's whole site, down). The dropped rows
 * are remembered on the list itself (`droppedRows`), for the server to log once.
 */
export function rowsOf<T>(row: z.ZodType<T>) {
  return z.array(z.unknown()).transform((items): T[] => {
    const kept: T[] = [];
    const dropped: DroppedRow[] = [];
    items.forEach((item, index) => {
      const parsed = row.safeParse(item);
      if (parsed.success) kept.push(parsed.data);
      else dropped.push({ index, issue: summary(parsed.error) });
    });
    if (dropped.length > 0) Object.defineProperty(kept, DROPPED, { value: dropped, enumerable: false });
    return kept;
  });
}

/** The rows `rowsOf` dropped from this list (none for any other value). */
export function droppedRows(value: unknown): readonly DroppedRow[] {
  return (Array.isArray(value) && (value as Tagged)[DROPPED]) || [];
}

/** Every list `rowsOf` dropped rows from, anywhere in a parsed answer (a few levels deep), by its path. */
export function droppedRowsIn(
  value: unknown,
  path = "",
  depth = 0,
): Array<{ path: string; rows: readonly DroppedRow[] }> {
  if (depth > 6 || value === null || typeof value !== "object") return [];
  const here = droppedRows(value);
  const found = here.length > 0 ? [{ path: path || "(list)", rows: here }] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries)
    found.push(...droppedRowsIn(child, path ? `${path}.${key}` : key, depth + 1));
  return found;
}

/**
 * A page of a list, recognised by at least one of its own fields (`keys`): its fields may each be missing or null (an
 * empty page), but an object with none of them is an answer of another shape (an error body, another call's answer)
 * and fails, rather than reading as an empty list ("no payments", "no documents") the citizen would believe.
 */
export function pageAnswer<S extends z.ZodType>(keys: readonly string[], page: S) {
  return z
    .unknown()
    .refine((value) => typeof value === "object" && value !== null && keys.some((key) => key in value), {
      error: `not a page (none of ${keys.join(", ")})`,
    })
    .pipe(page);
}
