import { expect, test } from "vitest";
import { readInstancesQuery, toInstanceView } from "./instance-view.ts";

const base = {
  codiceIstanza: "MOON-1",
  created: "2026-01-01T00:00:00Z",
  modulo: { descrizioneModulo: "Modulo" },
};

test("the stages follow the status; unknown codes keep the module's words", () => {
  const view = (codice: string) =>
    toInstanceView({ ...base, stato: { codice, descrizione: `d-${codice}` } }, () => null);
  expect(view("BOZZA").stages.map((s) => s.state)).toEqual(["current", "todo", "todo", "todo"]);
  expect(view("IN_ISTRUTTORIA").stages.map((s) => s.state)).toEqual(["done", "done", "current", "todo"]);
  expect(view("COMPLETATA").stages.map((s) => s.state)).toEqual(["done", "done", "done", "current"]);
  expect(view("BOZZA")).toMatchObject({ draft: true, status: { label: "instances.status.BOZZA" } });
  expect(view("RESPINTA").status).toEqual({ code: "RESPINTA", label: null, text: "d-RESPINTA" });
});

test("the query words: defaults, bounds", () => {
  const q = (search: string) => readInstancesQuery(new URL(`http://x/?${search}`));
  expect(q("")).toEqual({ stato: "tutte", pratiche: 5 });
  expect(q("stato-pratica=bozze&pratiche=10")).toEqual({ stato: "bozze", pratiche: 10 });
  expect(q("stato-pratica=x&pratiche=-1")).toEqual({ stato: "tutte", pratiche: 5 });
  expect(q("pratiche=5000").pratiche).toBe(100);
});
