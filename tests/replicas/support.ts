import { expect } from "@playwright/test";
import type { Replica } from "../../bench/replicas.ts";

// Which replica served what: each portal's access log (pino JSON on its stdout, kept by bench/replicas.ts) has one
// "request completed" line per request, with its method and path.

/** Where each replica's log stands now: pass it to `servedBy` to count only what came after. */
export function logMark(replicas: Replica[]): number[] {
  return replicas.map((replica) => replica.logLines().length);
}

/**
 * The requests whose path matches `path`, per replica (since `mark`, when given): `[{ GET: 3, POST: 1 }, { … }]`, in
 * the replicas' order.
 */
export function servedBy(
  replicas: Replica[],
  path: RegExp,
  mark: number[] = [],
): Array<Record<string, number>> {
  return replicas.map((replica, index) => {
    const counts: Record<string, number> = {};
    for (const line of replica.logLines().slice(mark[index] ?? 0)) {
      if (!line.includes('"request completed"')) continue;
      const entry = JSON.parse(line) as { req?: { method?: string; url?: string } };
      const url = entry.req?.url ?? "";
      if (!path.test(url.split("?")[0]!)) continue;
      const method = entry.req?.method ?? "?";
      counts[method] = (counts[method] ?? 0) + 1;
    }
    return counts;
  });
}

/** Every replica served some of the requests to `path` since `mark` (the flow's steps were spread over them). */
export function expectServedByAll(replicas: Replica[], path: RegExp, mark: number[]) {
  const counts = servedBy(replicas, path, mark);
  const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
  expect(
    counts.map(total).every((n) => n > 0),
    `requests to ${path} by replica: ${JSON.stringify(counts)}`,
  ).toBe(true);
  return counts;
}
