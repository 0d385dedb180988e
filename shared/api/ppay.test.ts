import { expect, test } from "vitest";
import { DebtPositionPageSchema } from "./ppay.ts";

test("a page of debt positions: its fields may be missing or null, but an object of another shape is no page", () => {
  expect(DebtPositionPageSchema.parse({ totalElements: 0, debtPositions: null }).debtPositions).toEqual([]);
  expect(DebtPositionPageSchema.parse({ debtPositions: [] }).totalElements).toBe(0);
  // An error body read as an empty page would tell the citizen they owe nothing.
  for (const answer of [{}, { unexpected: true, content: "x", data: 42 }, null, "x"])
    expect(DebtPositionPageSchema.safeParse(answer).success, JSON.stringify(answer)).toBe(false);
});
