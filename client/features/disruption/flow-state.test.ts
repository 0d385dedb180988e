import { expect, test } from "vitest";
import { decodePlaceChoice, encodePlaceChoice, formatGeoAddress } from "./address.ts";
import { isExpired } from "#client/lib/flow.server.ts";
import {
  DISRUPTION_FLOW_MAX_AGE_MS,
  DisruptionStateSchema,
  createDisruptionState,
  disruptionFlow,
  type DisruptionState,
} from "./flow-state.ts";

const resolveStep = (requested: string | null, state: DisruptionState) =>
  disruptionFlow.resolveStep(requested, state);
const firstIncompleteStep = (state: DisruptionState) => disruptionFlow.firstIncomplete(state);
const isDisruptionFlowExpired = (state: DisruptionState, now: number) =>
  isExpired(state.started, DISRUPTION_FLOW_MAX_AGE_MS, now);

const now = Date.UTC(2026, 10, 23, 12);
const fresh = createDisruptionState(now, "flow-0123456789abcdef", "upload-0123456789abcdef");
const place = { address: "Via Roma 12, Valverde", lat: 45.053, lon: 7.5215 };
const complete = {
  ...fresh,
  accepted: true,
  place,
  categoryId: 901,
  title: "Lampione",
  details: "Spento",
  email: "a@b.it",
};

test("steps open in order: a later step asked too early shows the first incomplete one", () => {
  expect(resolveStep("riepilogo", fresh)).toBe("autorizzazioni");
  expect(resolveStep("dati", { ...fresh, accepted: true })).toBe("dati");
  expect(resolveStep("riepilogo", { ...complete, email: undefined })).toBe("dati");
  expect(resolveStep(null, complete)).toBe("riepilogo");
  expect(resolveStep("autorizzazioni", complete)).toBe("autorizzazioni");
  expect(firstIncompleteStep(complete)).toBe("riepilogo");
});

test("the state schema refuses what it does not know and over-long texts", () => {
  expect(DisruptionStateSchema.safeParse(complete).success).toBe(true);
  expect(DisruptionStateSchema.safeParse({ ...complete, extra: 1 }).success).toBe(false);
  expect(DisruptionStateSchema.safeParse({ ...complete, details: "x".repeat(201) }).success).toBe(false);
  expect(DisruptionStateSchema.safeParse({ ...complete, place: { ...place, lat: 91 } }).success).toBe(false);
});

test("a report expires after a day", () => {
  expect(isDisruptionFlowExpired(fresh, now + 60_000)).toBe(false);
  expect(isDisruptionFlowExpired(fresh, now + 25 * 60 * 60 * 1000)).toBe(true);
});

test("addresses from geocoding answers and the no-JavaScript radio values", () => {
  expect(
    formatGeoAddress({
      display_name: "x",
      address: { road: "Via Roma", house_number: "12", village: "Valverde" },
    }),
  ).toBe("Via Roma 12, Valverde");
  expect(formatGeoAddress({ display_name: "Somewhere, Italia", address: {} })).toBe("Somewhere, Italia");
  expect(decodePlaceChoice(encodePlaceChoice(place))).toEqual(place);
  expect(decodePlaceChoice("91;7;Via")).toBeNull();
  expect(decodePlaceChoice("garbage")).toBeNull();
});
