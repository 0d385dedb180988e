import { expect, test } from "vitest";
import {
  isFiltered,
  listParams,
  MAX_PAGES,
  readListQuery,
  toStoreQueries,
  toStoreQuery,
} from "./list-query.ts";

const TODAY = "2026-05-10";
const read = (query: string) => readListQuery(new URLSearchParams(query), TODAY);

test("defaults: first page, newest first, only the municipality's messages", () => {
  const { values, errors } = read("");
  expect(values).toEqual({ da: "", a: "", servizio: "", stato: "", ordine: "recenti", pagina: 1 });
  expect(errors).toEqual({});
  expect(isFiltered(values)).toBe(false);
  expect(toStoreQuery(values, errors, "c_v001")).toEqual({
    filter: { tag: { match: "+citfac c_v001 -deleted" } },
    limit: 15,
    offset: 0,
    sort: "-timestamp",
  });
});

test("a full filter becomes the store's JSON filter (Rome days)", () => {
  const { values, errors } = read(
    "da=2026-05-01&a=2026-05-03&servizio=valverde_tari&stato=non-letti&ordine=meno-recenti&pagina=3",
  );
  expect(errors).toEqual({});
  expect(isFiltered(values)).toBe(true);
  expect(toStoreQuery(values, errors, "c_v001")).toEqual({
    filter: {
      tag: { match: "+citfac c_v001 -deleted" },
      sender: { eq: "valverde_tari" },
      timestamp: { gte: "2026-04-30T22:00:00.000Z", lte: "2026-05-03T21:59:59.000Z" },
      read_at: { null: true },
    },
    limit: 15,
    offset: 30,
    sort: "+timestamp",
  });
  expect(toStoreQuery(read("stato=letti").values, {}, "c_v001").filter.read_at).toEqual({ null: false });
});

test("the original's date messages; invalid dates are left out of the query", () => {
  expect(read("da=2026-02-30").errors).toEqual({ da: "messages.filter.invalidDate" });
  expect(read("a=2026-05-11").errors).toEqual({ a: "messages.filter.invalidDate" });
  const period = read("da=2026-05-05&a=2026-05-01");
  expect(period.errors).toEqual({ da: "messages.filter.fromAfterTo", a: "messages.filter.invalidPeriod" });
  expect(toStoreQuery(period.values, period.errors, "c_v001").filter.timestamp).toBeUndefined();
});

test("unknown values fall back; links keep the filter and drop defaults", () => {
  const { values } = read("stato=boh&ordine=x&pagina=-2&servizio=valverde_tari");
  expect(values).toMatchObject({ stato: "", ordine: "recenti", pagina: 1 });
  expect(listParams(values, 2)).toEqual({
    da: undefined,
    a: undefined,
    servizio: "valverde_tari",
    stato: undefined,
    ordine: undefined,
    pagina: 2,
  });
});

test("Vedi altre notifiche adds to the list: page n reads the first n × 15 messages, in calls of at most 90", () => {
  const page = (pagina: string) =>
    toStoreQueries(read(`pagina=${pagina}`).values, {}, "c_v001").map(({ offset, limit }) => ({
      offset,
      limit,
    }));
  expect(page("1")).toEqual([{ offset: 0, limit: 15 }]);
  expect(page("2")).toEqual([{ offset: 0, limit: 30 }]);
  expect(page("7")).toEqual([
    { offset: 0, limit: 90 },
    { offset: 90, limit: 15 },
  ]);
  expect(read("pagina=5000").values.pagina).toBe(MAX_PAGES);
  expect(page(String(MAX_PAGES)).reduce((sum, query) => sum + query.limit, 0)).toBe(MAX_PAGES * 15);
});
