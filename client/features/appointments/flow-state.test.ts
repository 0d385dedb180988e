import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { defineFlowCookie, isExpired } from "#client/lib/flow.server.ts";
import { holdingState } from "#tests/support/flow-cookies.ts";
import {
  AccessTokensSchema,
  bookingFlow,
  editFlow,
  BOOKING_FLOW_MAX_AGE_MS,
  BookingStateSchema,
  createBookingState,
  EditStateSchema,
  findAccessToken,
  isSameEditTarget,
  withAccessToken,
  withDetails,
  withOffice,
  withoutTime,
  withRequester,
  withSlot,
  type BookingState,
  type EditState,
} from "./flow-state.ts";
import { getNextBookingStep, getPreviousBookingStep } from "./steps.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

/** What the flow primitive reads from a cookie holding `raw` (already opened), through `schema` alone. */
function parseFlowState<T>(schema: z.ZodType<T>, raw: unknown) {
  return defineFlowCookie("flowBooking", schema).read(holdingState(raw));
}
const isBookingFlowExpired = (state: BookingState, now: number) =>
  isExpired(state.started, BOOKING_FLOW_MAX_AGE_MS, now);
const getFirstIncompleteStep = bookingFlow.firstIncomplete;
const resolveBookingStep = bookingFlow.resolveStep;
const resolveEditStep = (requested: string | null, state: EditState) =>
  editFlow.resolveStep(requested, state);

/** The flow's identity: a random id and its start time. */
const flow = { v: 1, id: "0b9f4c1e-5d6a-4f7b-9c2d-3e4f5a6b7c8d", started: Date.now() } as const;

const complete: BookingState = {
  ...flow,
  categoryId: "1",
  officeId: "11",
  day: "2026-12-01",
  time: "09:30",
  reasonId: "1",
  details: "Rinnovo",
  requester: { nome: "Laura", cognome: "Conti", email: "laura@example.it", fromProfile: false },
};

describe("reading the cookie back", () => {
  test("absent, tampered and schema-failing states are told apart", () => {
    expect(parseFlowState(BookingStateSchema, undefined)).toEqual({ state: undefined, problem: null });
    expect(parseFlowState(BookingStateSchema, "tampered")).toEqual({ state: undefined, problem: "tampered" });
    expect(parseFlowState(BookingStateSchema, { ...flow, officeId: "11" }).state).toEqual({
      ...flow,
      officeId: "11",
    });
  });

  test("a new flow gets a random id and its start time; a state without them is invalid", () => {
    const first = createBookingState(undefined, 1_000);
    const second = createBookingState("servizio-1", 2_000);
    expect(first).toEqual({ v: 1, id: expect.stringMatching(/^[\w-]{36}$/), started: 1_000 });
    expect(second).toMatchObject({ v: 1, started: 2_000, servizio: "servizio-1" });
    expect(second.id).not.toBe(first.id);
    expect(parseFlowState(BookingStateSchema, first).problem).toBeNull();
    for (const old of [{ v: 1 }, { v: 1, id: first.id }, { v: 1, started: 1_000 }, { ...first, id: "x" }]) {
      expect(parseFlowState(BookingStateSchema, old).problem, JSON.stringify(old)).toBe("invalid");
    }
  });

  test("a flow expires a day after it started", () => {
    const state = createBookingState(undefined, 1_000_000);
    expect(isBookingFlowExpired(state, 1_000_000 + BOOKING_FLOW_MAX_AGE_MS)).toBe(false);
    expect(isBookingFlowExpired(state, 1_000_001 + BOOKING_FLOW_MAX_AGE_MS)).toBe(true);
    expect(isBookingFlowExpired(state, 0)).toBe(true);
  });

  test.each([
    ["another version", { ...flow, v: 2 }],
    ["a past-format day", { ...flow, day: "01/12/2026" }],
    ["an impossible day", { ...flow, day: "2026-02-30" }],
    ["a bad time", { ...flow, time: "25:00" }],
    ["an office id with a slash", { ...flow, officeId: "../11" }],
    ["details over 200 characters", { ...flow, details: "x".repeat(201) }],
    ["an unknown field", { ...flow, admin: true }],
    [
      "a requester without e-mail",
      { ...flow, requester: { nome: "A", cognome: "B", email: "", fromProfile: false } },
    ],
    ["a string", "ciao"],
  ])("%s is invalid", (_case, raw) => {
    expect(parseFlowState(BookingStateSchema, raw).problem).toBe("invalid");
  });

  test("edit states name their appointment by id or by a well-formed hash", () => {
    const byHash = { v: 1, target: { kind: "hash", hash: "a".repeat(32) } };
    expect(parseFlowState(EditStateSchema, byHash).problem).toBeNull();
    expect(parseFlowState(EditStateSchema, { v: 1, target: { kind: "hash", hash: "short" } }).problem).toBe(
      "invalid",
    );
    expect(parseFlowState(EditStateSchema, { v: 1, target: { kind: "id" } }).problem).toBe("invalid");
  });
});

describe("booking steps", () => {
  test("steps unlock in order", () => {
    expect(getFirstIncompleteStep({ ...flow }, false)).toBe("luogo");
    expect(getFirstIncompleteStep({ ...flow, officeId: "11" }, false)).toBe("data");
    expect(getFirstIncompleteStep({ ...flow, officeId: "11", day: "2026-12-01" }, false)).toBe("data");
    expect(getFirstIncompleteStep(withoutTime(complete), false)).toBe("data");
    expect(getFirstIncompleteStep({ ...complete, requester: undefined }, false)).toBe("richiedente");
    expect(getFirstIncompleteStep(complete, false)).toBe("riepilogo");
  });

  test("a step beyond the first incomplete one, or an unknown one, falls back to it", () => {
    const onlyOffice: BookingState = { ...flow, officeId: "11" };
    expect(resolveBookingStep("riepilogo", onlyOffice, false)).toBe("data");
    expect(resolveBookingStep("luogo", onlyOffice, false)).toBe("luogo");
    expect(resolveBookingStep("qualcosa", onlyOffice, false)).toBe("data");
    expect(resolveBookingStep(null, complete, false)).toBe("riepilogo");
    expect(resolveBookingStep("dettagli", complete, false)).toBe("dettagli");
  });

  test("a profile requester counts only while logged in, a typed one for both", () => {
    const fromProfile = withRequester(complete, {
      nome: "Giulia",
      cognome: "Bianchi",
      email: "giulia@example.it",
      codiceFiscale: CITIZENS.GIULIA,
      fromProfile: true,
    });
    expect(getFirstIncompleteStep(fromProfile, true)).toBe("riepilogo");
    expect(getFirstIncompleteStep(fromProfile, false)).toBe("richiedente");
    expect(getFirstIncompleteStep(complete, true)).toBe("riepilogo");
  });

  test("next and previous", () => {
    expect(getNextBookingStep("luogo")).toBe("data");
    expect(getNextBookingStep("richiedente")).toBe("riepilogo");
    expect(getNextBookingStep("riepilogo")).toBe("riepilogo");
    expect(getPreviousBookingStep("luogo")).toBeNull();
    expect(getPreviousBookingStep("data")).toBe("luogo");
  });
});

describe("transitions", () => {
  test("choosing another office drops the slot and the reason, keeps the details and the requester", () => {
    const moved = withOffice(complete, "1", "12");
    expect(moved).toMatchObject({ officeId: "12", details: "Rinnovo", requester: complete.requester });
    expect(moved).not.toHaveProperty("day");
    expect(moved).not.toHaveProperty("time");
    expect(moved).not.toHaveProperty("reasonId");
    expect(withOffice(complete, "1", "11")).toEqual(complete);
  });

  test("slot, details and losing the time to a race", () => {
    const state = withDetails(
      withSlot({ ...flow, officeId: "13" } as BookingState, "2026-11-24", "16:00"),
      "7",
      "IMU",
    );
    expect(state).toEqual({
      ...flow,
      officeId: "13",
      day: "2026-11-24",
      time: "16:00",
      reasonId: "7",
      details: "IMU",
    });
    expect(withoutTime(state)).toEqual({
      ...flow,
      officeId: "13",
      day: "2026-11-24",
      reasonId: "7",
      details: "IMU",
    });
    expect(BookingStateSchema.safeParse(withoutTime(state)).success).toBe(true);
  });
});

describe("edit steps", () => {
  const target = { kind: "id", id: "1001" } as const;
  test("the summary needs a slot and details", () => {
    expect(resolveEditStep("riepilogo", { v: 1, target })).toBe("data");
    expect(resolveEditStep("riepilogo", { v: 1, target, day: "2026-12-01", time: "09:00" })).toBe("dettagli");
    const full = { v: 1 as const, target, day: "2026-12-01", time: "09:00", reasonId: "1", details: "x" };
    expect(resolveEditStep("riepilogo", full)).toBe("riepilogo");
    expect(resolveEditStep(null, full)).toBe("data");
  });
  test("targets compare by kind and value", () => {
    expect(isSameEditTarget(target, { kind: "id", id: "1001" })).toBe(true);
    expect(isSameEditTarget(target, { kind: "id", id: "1002" })).toBe(false);
    expect(isSameEditTarget(target, { kind: "hash", hash: "1001" })).toBe(false);
  });
});

test("access tokens keep the newest five, one per appointment", () => {
  const until = Date.now() + 60_000;
  let tokens = withAccessToken(undefined, { id: "1", token: "t1", until });
  for (let id = 2; id <= 7; id++)
    tokens = withAccessToken(tokens, { id: String(id), token: `t${id}`, until });
  tokens = withAccessToken(tokens, { id: "5", token: "t5b", until });
  expect(tokens.tokens.map((entry) => entry.id)).toEqual(["5", "7", "6", "4", "3"]);
  expect(findAccessToken(tokens, "5")).toBe("t5b");
  expect(findAccessToken(tokens, "1")).toBeUndefined();
  expect(AccessTokensSchema.safeParse(tokens).success).toBe(true);
});

test("an access token past its date proves nothing and is dropped at the next write", () => {
  const now = 1_000_000;
  const tokens = withAccessToken(undefined, { id: "1", token: "t1", until: now + 10 }, now);
  expect(findAccessToken(tokens, "1", now)).toBe("t1");
  expect(findAccessToken(tokens, "1", now + 10)).toBeUndefined();
  const later = withAccessToken(tokens, { id: "2", token: "t2", until: now + 100 }, now + 10);
  expect(later.tokens.map((entry) => entry.id)).toEqual(["2"]);
  // A cookie written before tokens had a date is not read as proof.
  expect(AccessTokensSchema.safeParse({ v: 1, tokens: [{ id: "1", token: "t1" }] }).success).toBe(false);
});
