import { describe, expect, test } from "vitest";
import {
  applyStatus,
  FilterError,
  matchesTags,
  parseFilter,
  parseQuery,
  parseStatusChanges,
  queryMessages,
  softDelete,
} from "./engine.ts";
import { seedMessages } from "./seed.ts";
import type { StoredMessage } from "./types.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const NOW = Date.parse("2026-05-10T10:00:00Z");
const MARIO = CITIZENS.MARIO;
const valverde = "+citfac c_v001 -deleted";

function inbox(): StoredMessage[] {
  return structuredClone(seedMessages(NOW)[MARIO]!);
}

const query = (filter: object, extra: Record<string, string> = {}) =>
  parseQuery({ filter: JSON.stringify(filter), ...extra });

describe("filter", () => {
  test("tag match: + and bare words required, - words excluded", () => {
    const message = { tag: "citfac,c_v001" } as StoredMessage;
    expect(matchesTags(message, valverde)).toBe(true);
    expect(matchesTags(message, "citfac c_m002")).toBe(false);
    expect(matchesTags({ tag: "citfac,c_v001,deleted" } as StoredMessage, valverde)).toBe(false);
  });

  test("refuses what it does not understand", () => {
    expect(() => parseFilter("{")).toThrow(FilterError);
    expect(() => parseFilter('{"foo":{}}')).toThrow(/sconosciuto/);
    expect(() => parseFilter('{"read_at":{"null":"yes"}}')).toThrow(FilterError);
    expect(() => parseFilter('{"timestamp":{"gte":"ieri"}}')).toThrow(/data/);
    expect(() => parseQuery({ limit: "101" })).toThrow(FilterError);
    expect(() => parseQuery({ sort: "title" })).toThrow(FilterError);
  });

  test("a raw + in the sort parameter arrives as a space and still means ascending", () => {
    expect(parseQuery({ sort: " timestamp" }).descending).toBe(false);
    expect(parseQuery({}).descending).toBe(true);
    expect(parseQuery({}).limit).toBe(10);
  });
});

describe("query", () => {
  test("pages newest first with the paging headers", () => {
    const page = queryMessages(inbox(), query({ tag: { match: valverde } }, { limit: "15" }));
    expect(page.messages).toHaveLength(15);
    expect(page.headers).toEqual({
      "total-elements": 20,
      "total-elements-not-read": 18,
      "total-pages": 2,
      "current-page": 1,
      "page-size": 15,
    });
    const times = page.messages.map((m) => Date.parse(m.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = queryMessages(inbox(), query({ tag: { match: valverde } }, { limit: "15", offset: "15" }));
    expect(second.messages).toHaveLength(5);
    expect(second.headers["current-page"]).toBe(2);
  });

  test("unread count covers every unread message of the tag, not only the page", () => {
    const page = queryMessages(
      inbox(),
      query({ tag: { match: valverde }, read_at: { null: false } }, { limit: "1" }),
    );
    expect(page.headers["total-elements"]).toBe(2);
    expect(page.headers["total-elements-not-read"]).toBe(18);
  });

  test("sender, period, read state and id", () => {
    const all = inbox();
    const bySender = queryMessages(all, query({ tag: { match: valverde }, sender: { eq: "valverde_tari" } }));
    expect(bySender.messages.every((m) => m.sender === "valverde_tari")).toBe(true);
    const gte = new Date(NOW - 3 * 24 * 3600 * 1000).toISOString();
    const recent = queryMessages(all, query({ tag: { match: valverde }, timestamp: { gte } }));
    expect(recent.headers["total-elements"]).toBe(4);
    const unread = queryMessages(
      all,
      query({ tag: { match: valverde }, read_at: { null: true } }, { limit: "100" }),
    );
    expect(unread.messages.every((m) => m.read_at === null)).toBe(true);
    const one = queryMessages(all, query({ tag: { match: "+citfac c_m002" }, id: { eq: "rssmra-b-01" } }));
    expect(one.messages.map((m) => m.id)).toEqual(["rssmra-b-01"]);
    const elsewhere = queryMessages(all, query({ tag: { match: valverde }, id: { eq: "rssmra-b-01" } }));
    expect(elsewhere.messages).toEqual([]);
  });
});

describe("changes", () => {
  test("soft delete adds the tag once; unknown is not found", () => {
    const all = inbox();
    expect(softDelete(all, "rssmra-a-01")).toBe("deleted");
    expect(all.find((m) => m.id === "rssmra-a-01")!.tag).toBe("citfac,c_v001,deleted");
    expect(softDelete(all, "rssmra-a-01")).toBe("already-deleted");
    expect(softDelete(all, "nope")).toBe("not-found");
    expect(queryMessages(all, query({ tag: { match: valverde } })).headers["total-elements"]).toBe(19);
  });

  test("marking read is idempotent and keeps the first reading time", () => {
    const all = inbox();
    const first = new Date("2026-05-10T11:00:00Z");
    const [changed] = applyStatus(all, parseStatusChanges([{ id: "rssmra-a-01", read_at: true }]), first);
    expect(changed!.read_at).toBe(first.toISOString());
    applyStatus(all, [{ id: "rssmra-a-01", read_at: "2026-05-11" }], new Date("2026-05-11T00:00:00Z"));
    expect(all.find((m) => m.id === "rssmra-a-01")!.read_at).toBe(first.toISOString());
    applyStatus(all, [{ id: "rssmra-a-01", read_at: null }], first);
    expect(all.find((m) => m.id === "rssmra-a-01")!.read_at).toBeNull();
    expect(applyStatus(all, [{ id: "unknown", read_at: true }], first)).toEqual([]);
  });

  test("the status body must be an array of ids", () => {
    expect(() => parseStatusChanges({ id: "x" })).toThrow(FilterError);
    expect(() => parseStatusChanges([{ read_at: true }])).toThrow(FilterError);
  });
});

test("the seed: Mario has more than 15 unread on Valverde and a few on Montealto; one body carries script", () => {
  const seed = seedMessages(NOW);
  const mario = seed[MARIO]!;
  const unread = (tag: string) => mario.filter((m) => m.tag === tag && m.read_at === null).length;
  expect(unread("citfac,c_v001")).toBe(18);
  expect(unread("citfac,c_m002")).toBe(3);
  expect(mario.some((m) => m.mex.body.includes("<script>") && m.mex.body.includes("onclick"))).toBe(true);
  expect(seed[CITIZENS.GIULIA]!.every((m) => m.read_at !== null)).toBe(true);
  expect(seed[CITIZENS.LUCA]).toBeUndefined();
  expect(
    new Set(
      Object.values(seed)
        .flat()
        .map((m) => m.id),
    ).size,
  ).toBe(Object.values(seed).flat().length);
});
