import { flowNameOf } from "#shared/portal-cookies.ts";
import { z } from "zod";
import { APPOINTMENT_DETAILS_MAX_LENGTH } from "#shared/api/appsched.ts";
import { isValidDay } from "#shared/dates.ts";
import { defineFlow, defineFlowCookie } from "#client/lib/flow.server.ts";
import { BOOKING_STEPS, EDIT_STEPS, type BookingStep, type EditStep } from "./steps.ts";

/*
 * What the booking and edit flows remember between steps, defined with the flow primitive (client/lib/flow.server.ts,
 * docs/decisions/flows.md): sealed HttpOnly cookies, so it survives a reload, the back button and a login in the
 * middle; the current step lives in the URL (`?passo=`). Everything read back is checked again with these schemas: a
 * state that fails them is treated like a tampered one.
 */

/** The booking's and the access proofs' flow names (their cookies' after `flow_`; the tests' fake cookies). */
export const BOOKING_FLOW = flowNameOf("flowBooking");
export const ACCESS_FLOW = flowNameOf("flowAppointmentAccess");

const IdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);
const DaySchema = z.string().refine(isValidDay);
const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const HashSchema = z.string().regex(/^[\w-]{32,128}$/);
/** A random id per booking flow (a UUID): what makes its confirmation one-time, see completed-flows.server.ts. */
const FlowIdSchema = z.string().regex(/^[\w-]{16,64}$/);
const EpochMsSchema = z.number().int().nonnegative();
const AttemptKeySchema = z.string().regex(/^[0-9a-f]{32}$/);

/** A booking flow is good for a day from its first step; an older state starts over (and its id is forgotten). */
export const BOOKING_FLOW_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const RequesterSchema = z
  .object({
    nome: z.string().max(100),
    cognome: z.string().max(100),
    email: z.string().min(1).max(254),
    codiceFiscale: z.string().max(16).optional(),
    /** True when name and fiscal code came from the digital identity (logged-in citizen). */
    fromProfile: z.boolean(),
  })
  .strict();
export type Requester = z.infer<typeof RequesterSchema>;

const SlotFields = {
  day: DaySchema.optional(),
  time: TimeSchema.optional(),
  reasonId: IdSchema.optional(),
  details: z.string().max(APPOINTMENT_DETAILS_MAX_LENGTH).optional(),
};

export const BookingStateSchema = z
  .object({
    v: z.literal(1),
    /** Set when the flow starts and kept through every step: the same flow cannot be confirmed twice. */
    id: FlowIdSchema,
    /** When the flow started (epoch ms): it expires after `BOOKING_FLOW_MAX_AGE_MS`. */
    started: EpochMsSchema,
    /** Variant 2: the config service (`idServizio`) the flow started from. */
    servizio: IdSchema.optional(),
    categoryId: IdSchema.optional(),
    officeId: IdSchema.optional(),
    ...SlotFields,
    requester: RequesterSchema.optional(),
    /**
     * The confirmation's attempt key: created when the summary shows (a confirmation without one shows the summary
     * first), dropped when a step changes. The booking itself is made at most once per flow (completed-flows.server.ts).
     */
    attempt: AttemptKeySchema.optional(),
  })
  .strict();
export type BookingState = z.infer<typeof BookingStateSchema>;

/** The appointment being changed: by id (logged in) or by the e-mailed hash. */
export const EditTargetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("id"), id: IdSchema }).strict(),
  z.object({ kind: z.literal("hash"), hash: HashSchema }).strict(),
]);
export type EditTarget = z.infer<typeof EditTargetSchema>;

export const EditStateSchema = z
  .object({ v: z.literal(1), target: EditTargetSchema, ...SlotFields })
  .strict();
export type EditState = z.infer<typeof EditStateSchema>;

/**
 * Proofs for reading anonymous bookings back (success page, calendar file): the newest few, never in the URL. Each
 * is good `until` the day after its appointment (epoch ms); the cookie expires with the last of them.
 */
export const AccessTokensSchema = z
  .object({
    v: z.literal(1),
    tokens: z.array(
      z.object({ id: IdSchema, token: z.string().min(1).max(200), until: EpochMsSchema }).strict(),
    ),
  })
  .strict();
export type AccessTokens = z.infer<typeof AccessTokensSchema>;
export type AccessToken = AccessTokens["tokens"][number];
export const MAX_ACCESS_TOKENS = 5;

/** A new flow: a fresh random id and its start time. */
export function createBookingState(
  servizio?: string,
  now: number = Date.now(),
  id: string = crypto.randomUUID(),
): BookingState {
  return servizio ? { v: 1, id, started: now, servizio } : { v: 1, id, started: now };
}

/** A new office drops what depended on the old one (slot and reason); the typed details are kept. */
export function withOffice(state: BookingState, categoryId: string, officeId: string): BookingState {
  if (state.officeId === officeId) return { ...state, categoryId };
  const { day: _day, time: _time, reasonId: _reason, ...rest } = state;
  return { ...rest, categoryId, officeId };
}

export function withSlot<T extends BookingState | EditState>(state: T, day: string, time: string): T {
  return { ...state, day, time };
}

/** After the slot was taken by someone else: keep the day (to show its other times) and everything else. */
export function withoutTime<T extends BookingState | EditState>(state: T): T {
  const { time: _time, ...rest } = state;
  return rest as T;
}

export function withDetails<T extends BookingState | EditState>(
  state: T,
  reasonId: string,
  details: string,
): T {
  return { ...state, reasonId, details };
}

export function withRequester(state: BookingState, requester: Requester): BookingState {
  return { ...state, requester };
}

/**
 * A requester is complete for who is asking now: a logged-in citizen needs only an e-mail (name and fiscal code
 * come from the identity); an anonymous visitor needs the data typed in, not a profile left by a past login.
 */
export function isRequesterComplete(state: BookingState, loggedIn: boolean): boolean {
  const requester = state.requester;
  if (!requester?.email) return false;
  return loggedIn || (!requester.fromProfile && requester.nome !== "" && requester.cognome !== "");
}

function isBookingStepDone(step: BookingStep, state: BookingState, loggedIn: boolean): boolean {
  switch (step) {
    case "luogo":
      return Boolean(state.officeId);
    case "data":
      return Boolean(state.day && state.time);
    case "dettagli":
      return Boolean(state.reasonId && state.details);
    case "richiedente":
      return isRequesterComplete(state, loggedIn);
    case "riepilogo":
      return false;
  }
}

/** The booking flow's definition under a cookie name (the plain booking and the one started from a service). */
function defineBookingFlow(cookie: "flowBooking" | "flowBookingService") {
  return defineFlow<BookingState, BookingStep, boolean>({
    cookie,
    schema: BookingStateSchema,
    steps: BOOKING_STEPS,
    // The context: whether the citizen is logged in (see isRequesterComplete).
    isComplete: isBookingStepDone,
    expiry: { startedAt: (state) => state.started, maxAgeMs: BOOKING_FLOW_MAX_AGE_MS },
  });
}

export const bookingFlow = defineBookingFlow("flowBooking");
export const bookingFromServiceFlow = defineBookingFlow("flowBookingService");
export type BookingFlow = typeof bookingFlow;

export function isSameEditTarget(left: EditTarget, right: EditTarget): boolean {
  return left.kind === "id" && right.kind === "id"
    ? left.id === right.id
    : left.kind === "hash" && right.kind === "hash" && left.hash === right.hash;
}

/** The edit flow: the slot must be chosen before the details, both before the summary; a bare address shows the slot. */
export const editFlow = defineFlow<EditState, EditStep>({
  cookie: "flowAppointmentEdit",
  schema: EditStateSchema,
  steps: EDIT_STEPS,
  isComplete: (step, state) =>
    step === "data" ? Boolean(state.day && state.time) : Boolean(state.reasonId && state.details),
  bareShows: "first",
});

/** The proofs of anonymous bookings (see AccessTokensSchema), kept beside the flows. */
export const accessProofs = defineFlowCookie("flowAppointmentAccess", AccessTokensSchema);

/** Adds (or refreshes) the proof of an anonymous booking, dropping expired ones and keeping only the newest few. */
export function withAccessToken(
  current: AccessTokens | undefined,
  added: AccessToken,
  now: number = Date.now(),
): AccessTokens {
  const others = (current?.tokens ?? []).filter((entry) => entry.id !== added.id && entry.until > now);
  return { v: 1, tokens: [added, ...others].slice(0, MAX_ACCESS_TOKENS) };
}

/** The proof for appointment `id`, unless it has expired (the cookie's own expiry is only the browser's part). */
export function findAccessToken(
  current: AccessTokens | undefined,
  id: string,
  now: number = Date.now(),
): string | undefined {
  return current?.tokens.find((entry) => entry.id === id && entry.until > now)?.token;
}
