import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { AppschedApi } from "#shared/api/appsched.ts";
import { addDaysToDay, parseRomeDateTime, todayInRome } from "#shared/dates.ts";
import { action, loader, middleware } from "#client/routes/appointments/booking.tsx";
import { ACCESS_FLOW, BOOKING_FLOW, createBookingState, type BookingState } from "./flow-state.ts";
import { newAttemptKey } from "#client/lib/flow.server.ts";
import type { BookingPageData, StepActionData } from "./step-types.ts";
import { createStubContext, stubAppsched, type StubOptions } from "#tests/support/stub-request-context.ts";
import { bookingBody } from "#tests/support/appsched-test-app.ts";
import { withoutSummaryVersion } from "#tests/support/portal-browser.ts";
import { startAppschedSandbox } from "#tests/support/appsched-sandbox-api.ts";

// The booking route's loader and action against the sandbox's appointments service (comune-a, real clock): its
// office 13 "Ufficio Tributi" (category 2, reasons 7 IMU and 8 TARI) takes one citizen per 30-minute slot. Stubs stay
// only where the sandbox cannot answer as a test needs: an upstream that answers with a date years away.

const PATH = "http://comune-a.localhost/servizi/prenotazione-appuntamento";
const OFFICE = "13";

let upstream: Awaited<ReturnType<typeof startAppschedSandbox>>;
beforeAll(async () => {
  upstream = await startAppschedSandbox();
});
afterAll(() => upstream.close());

type Slot = { day: string; time: string };

/** The next free slot at the office, from the day after tomorrow on (each booking takes one). */
async function freeSlot(): Promise<Slot> {
  for (let offset = 2; offset < 120; offset++) {
    const day = addDaysToDay(todayInRome(), offset);
    const [time] = await upstream.publicApi.availabilities(OFFICE, day);
    if (time) return { day, time };
  }
  throw new Error("no free slot at office 13");
}

/** Someone else books the slot directly at the upstream; returns the stored appointment's id. */
async function takeSlot(slot: Slot): Promise<string> {
  const created = await upstream.publicApi.createAppointment(
    bookingBody(OFFICE, `${slot.day} ${slot.time}:00`),
  );
  return created.id;
}

/** The appointments the upstream holds at a slot of the office. */
const bookedAt = (slot: Slot) =>
  upstream.store.state.appsched.appointments.filter(
    (stored) => stored.serviceId === OFFICE && stored.start === `${slot.day} ${slot.time}:00`,
  );

/** When the proof of a booking at `slot` stops working: a day after the appointment's end (30 minutes later). */
const proofUntil = (slot: Slot) =>
  parseRomeDateTime(`${slot.day} ${slot.time}:00`).getTime() + 30 * 60 * 1000 + 24 * 60 * 60 * 1000;

const requester = { nome: "Laura", cognome: "Conti", email: "laura@example.it", fromProfile: false };

/** A complete flow on `slot`, with its own id (confirmed flows are remembered by id: tests must not share one). */
const completeFlow = (slot: Slot): BookingState => ({
  ...createBookingState(),
  categoryId: "2",
  officeId: OFFICE,
  ...slot,
  reasonId: "7",
  details: "Verifica dei versamenti",
  requester,
  // The summary has been shown: the confirmation attempt has its idempotency key.
  attempt: newAttemptKey(),
});

type Result = { status: number; location: string | null; cookies: string[]; body: unknown };

/** Runs the route module's loader or action like React Router would, and reads what it answered or threw. */
async function run(
  kind: "loader" | "action",
  path: string,
  options: StubOptions,
  form?: Record<string, string>,
) {
  const stub = createStubContext({ appschedPublic: upstream.publicApi, ...options });
  const url = new URL(path, PATH);
  const body = form ? new URLSearchParams({ _xsrf: "token", ...form }) : undefined;
  const request = new Request(url, body ? { method: "POST", body } : {});
  const args = { request, context: stub.context, params: {}, url } as never;
  let outcome: unknown;
  try {
    outcome = kind === "loader" ? await loader(args) : await action(args);
  } catch (error) {
    outcome = error;
  }
  return { ...toResult(outcome), flows: stub.flows };
}

function toResult(outcome: unknown): Result {
  if (outcome instanceof Response) {
    return {
      status: outcome.status,
      location: outcome.headers.get("Location"),
      cookies: outcome.headers.getSetCookie(),
      body: null,
    };
  }
  const value = outcome as { type?: string; data: unknown; init?: { status?: number } };
  return { status: value.init?.status ?? 200, location: null, cookies: [], body: value.data };
}

const confirm = (state: BookingState, access?: unknown, api?: AppschedApi) =>
  run(
    "action",
    "?passo=riepilogo",
    {
      flows: { [BOOKING_FLOW]: state, ...(access ? { [ACCESS_FLOW]: access } : {}) },
      ...(api ? { appschedPublic: api } : {}),
    },
    { intent: "riepilogo", privacy: "1" },
  );

describe("reading the flow state", () => {
  test.each([
    ["a cookie we did not seal", "tampered"],
    ["a state failing the schema", { v: 1, officeId: "13", day: "domani" }],
  ])("%s restarts the flow at step 1 with a notice and clears the cookie", async (_case, raw) => {
    const result = await run("loader", "?passo=riepilogo", { flows: { [BOOKING_FLOW]: raw } });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/servizi/prenotazione-appuntamento?passo=luogo&avviso=ricominciato");
    expect(result.cookies).toEqual(["flow_booking=; Max-Age=0"]);
  });

  test("a step not reachable yet sends to the first incomplete one", async () => {
    const result = await run("loader", "?passo=riepilogo", {
      flows: { [BOOKING_FLOW]: { ...createBookingState(), categoryId: "2", officeId: OFFICE } },
    });
    expect(result.location).toBe("/servizi/prenotazione-appuntamento?passo=data");
  });

  test("a flow started more than a day ago, or one from before flows had an id, starts over", async () => {
    const complete = completeFlow({ day: addDaysToDay(todayInRome(), 10), time: "10:00" });
    const old = { ...complete, started: Date.now() - 25 * 60 * 60 * 1000 };
    const { id: _id, started: _started, ...withoutId } = complete;
    for (const state of [old, withoutId]) {
      const result = await run("loader", "?passo=riepilogo", { flows: { [BOOKING_FLOW]: state } });
      expect(result.location).toBe("/servizi/prenotazione-appuntamento?passo=luogo&avviso=ricominciato");
      expect(result.cookies).toEqual(["flow_booking=; Max-Age=0"]);
    }
  });

  test("a day in the past or beyond six months is refused next to the calendar (400), the rest kept", async () => {
    const flows = { [BOOKING_FLOW]: { ...createBookingState(), categoryId: "2", officeId: OFFICE } };
    for (const bad of ["2020-01-01", addDaysToDay(todayInRome(), 200), "2026-02-30"]) {
      const result = await run("loader", `?passo=data&giorno=${bad}`, { flows });
      expect(result.status).toBe(400);
      const page = result.body as Extract<BookingPageData, { kind: "step" }>;
      expect(page.stepData).toMatchObject({
        step: "data",
        day: null,
        times: [],
        dayError: expect.stringContaining("sei mesi"),
      });
    }
  });
});

test("a municipality without public appointments asks an anonymous visitor to log in, back into the flow", async () => {
  const result = await run("loader", "?passo=luogo", { assets: [{ codice: "APPSCHED", showPublic: false }] });
  expect(result.status).toBe(200);
  expect(result.body).toEqual({
    kind: "login",
    loginHref: "/api/utenti/login?redirector=%2Fservizi%2Fprenotazione-appuntamento%3Fpasso%3Dluogo",
  });
});

describe("saving steps", () => {
  test("the office is saved and the flow goes on to the date (Post/Redirect/Get)", async () => {
    const result = await run(
      "action",
      "?passo=luogo",
      {},
      { intent: "luogo", categoria: "2", ufficio: OFFICE },
    );
    expect(result.location).toBe("/servizi/prenotazione-appuntamento?passo=data");
    expect(result.flows.get(BOOKING_FLOW)).toEqual({
      v: 1,
      id: expect.stringMatching(/^[\w-]{36}$/),
      started: expect.any(Number),
      categoryId: "2",
      officeId: OFFICE,
    });
  });

  test("details over 200 characters and a wrong fiscal code get Italian messages, the input kept", async () => {
    const complete = completeFlow(await freeSlot());
    const flows = { [BOOKING_FLOW]: complete };
    const long = "x".repeat(201);
    const details = await run(
      "action",
      "?passo=dettagli",
      { flows },
      { intent: "dettagli", motivo: "7", dettagli: long },
    );
    expect(details.status).toBe(400);
    expect(details.body).toEqual({
      intent: "dettagli",
      errors: { dettagli: "Inserisci al massimo 200 caratteri" },
      values: { motivo: "7", dettagli: long },
    } satisfies StepActionData);
    const requesterStep = await run(
      "action",
      "?passo=richiedente",
      { flows },
      {
        intent: "richiedente",
        nome: "Laura",
        cognome: "Conti",
        email: "laura@",
        codiceFiscale: "rssmra80a01h501x",
      },
    );
    expect(requesterStep.body).toMatchObject({
      errors: {
        email: expect.stringContaining("e-mail valido"),
        codiceFiscale: expect.stringContaining("codice fiscale"),
      },
      values: { nome: "Laura", cognome: "Conti", email: "laura@", codiceFiscale: "RSSMRA80A01H501X" },
    });
    expect(requesterStep.flows.get(BOOKING_FLOW)).toEqual(complete);
  });

  test("a time that is no longer free is refused at the date step", async () => {
    const slot = await freeSlot();
    await takeSlot(slot);
    const flows = { [BOOKING_FLOW]: completeFlow(slot) };
    const result = await run(
      "action",
      "?passo=data",
      { flows },
      { intent: "data", giorno: slot.day, orario: slot.time },
    );
    expect(result.body).toMatchObject({
      errors: { orario: "L'orario scelto non è più disponibile: scegline un altro." },
    });
  });
});

describe("confirming", () => {
  test("the privacy notice must be accepted", async () => {
    const result = await run(
      "action",
      "?passo=riepilogo",
      { flows: { [BOOKING_FLOW]: completeFlow(await freeSlot()) } },
      { intent: "riepilogo" },
    );
    expect(result.body).toMatchObject({
      errors: { privacy: expect.stringContaining("informativa sulla privacy") },
    });
  });

  test("a booked slot sends the citizen back to the date step, everything else kept", async () => {
    const slot = await freeSlot();
    const complete = completeFlow(slot);
    await takeSlot(slot);
    const result = await confirm(complete);
    expect(result.location).toBe(
      `/servizi/prenotazione-appuntamento?passo=data&giorno=${slot.day}&avviso=orario-occupato&da=riepilogo`,
    );
    const { time: _time, ...kept } = complete;
    expect(result.flows.get(BOOKING_FLOW)).toEqual(kept);
    expect(bookedAt(slot)).toHaveLength(1);
  });

  test("success books the slot, clears the flow and keeps the anonymous access token in its own sealed cookie", async () => {
    const slot = await freeSlot();
    const result = await confirm(completeFlow(slot));
    const [booked] = bookedAt(slot);
    expect(booked).toMatchObject({
      notes: "(7) IMU - Verifica dei versamenti",
      customer: { firstName: "Laura", lastName: "Conti", email: "laura@example.it" },
    });
    expect(result.location).toBe(`/servizi/prenotazione-appuntamento/successo/${booked!.id}`);
    expect(result.flows.has(BOOKING_FLOW)).toBe(false);
    expect(result.flows.get(ACCESS_FLOW)).toEqual({
      v: 1,
      tokens: [{ id: String(booked!.id), token: expect.any(String), until: proofUntil(slot) }],
    });
  });
});

describe("the access cookie of an anonymous booking", () => {
  test("expires a day after the appointment ends, and carries Max-Age and Expires", async () => {
    const slot = await freeSlot();
    const before = Date.now();
    const result = await confirm(completeFlow(slot));
    const cookie = result.cookies.find((value) => value.startsWith("flow_appt-access="))!;
    const until = proofUntil(slot);
    const maxAge = Number(/; Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(Math.abs(maxAge - (until - before) / 1000)).toBeLessThan(5);
    const expires = Date.parse(/; Expires=([^;]+)/.exec(cookie)?.[1] ?? "");
    expect(Math.abs(expires - until)).toBeLessThan(5_000);
    expect(cookie).toContain("HttpOnly");
  });

  test("lives as long as the latest of the proofs it keeps", async () => {
    const kept = { v: 1, tokens: [{ id: "1001", token: "old", until: Date.now() + 150 * 86_400_000 }] };
    const slot = await freeSlot();
    const result = await confirm(completeFlow(slot), kept);
    const cookie = result.cookies.find((value) => value.startsWith("flow_appt-access="))!;
    expect(Number(/; Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThan(149 * 86_400);
    const id = String(bookedAt(slot)[0]!.id);
    expect(result.flows.get(ACCESS_FLOW)).toMatchObject({ tokens: [{ id }, { id: "1001" }] });
  });

  // Stub: the sandbox never books years ahead, so a wrong upstream date has to be made up.
  test("an upstream date far in the future does not make the cookie last more than 200 days", async () => {
    const farAway = async () => ({ id: "1053", start: "2099-01-01 09:00:00", accessToken: "p" });
    const api = stubAppsched({
      service: (id) => upstream.publicApi.service(id),
      createAppointment: farAway,
    });
    const capped = await confirm(completeFlow(await freeSlot()), undefined, api);
    const cappedCookie = capped.cookies.find((value) => value.startsWith("flow_appt-access="))!;
    expect(Number(/; Max-Age=(\d+)/.exec(cappedCookie)?.[1])).toBeLessThanOrEqual(200 * 86_400);
  });
});

describe("the confirmation's attempt", () => {
  test("the summary gives the flow its key once; confirming the same flow twice books once", async () => {
    const { attempt: _none, ...unseen } = completeFlow(await freeSlot());
    const summary = await run("loader", "?passo=riepilogo", { flows: { [BOOKING_FLOW]: unseen } });
    expect(summary.status).toBe(200);
    const withKey = summary.flows.get(BOOKING_FLOW) as BookingState;
    expect(withKey.attempt).toMatch(/^[0-9a-f]{32}$/);
    const again = await run("loader", "?passo=riepilogo", { flows: { [BOOKING_FLOW]: withKey } });
    expect(again.cookies).toEqual([]);

    let creates = 0;
    const api = stubAppsched({
      service: (id) => upstream.publicApi.service(id),
      createAppointment: async (input) => {
        creates++;
        return upstream.publicApi.createAppointment(input);
      },
    });
    const result = await confirm(withKey, undefined, api);
    expect(result.location).toMatch(/\/successo\/\d+$/);
    // The same flow state confirmed again (a captured cookie): the first booking, nothing sent upstream.
    const replay = await confirm(withKey, undefined, api);
    expect(replay.location).toMatch(/\/successo\/\d+\?avviso=gia-inviata$/);
    expect(creates).toBe(1);
  });

  test("a confirmation without the summary's key books nothing and shows the summary", async () => {
    const { attempt: _none, ...unseen } = completeFlow(await freeSlot());
    const api = stubAppsched({ service: (id) => upstream.publicApi.service(id) });
    const result = await confirm(unseen, undefined, api);
    expect(result.location).toBe("/servizi/prenotazione-appuntamento?passo=riepilogo");
  });

  test("changing a step drops the key: the next summary is a new attempt", async () => {
    const complete = completeFlow(await freeSlot());
    const result = await run(
      "action",
      "?passo=dettagli",
      { flows: { [BOOKING_FLOW]: complete } },
      { intent: "dettagli", motivo: "7", dettagli: "Altro motivo", ritorno: "riepilogo" },
    );
    expect(withoutSummaryVersion(result.location)).toBe("/servizi/prenotazione-appuntamento?passo=riepilogo");
    const saved = result.flows.get(BOOKING_FLOW) as BookingState;
    expect(saved.details).toBe("Altro motivo");
    expect(saved.attempt).toBeUndefined();
  });
});

describe("confirming the same flow twice", () => {
  afterEach(() => vi.useRealTimers());

  test("a captured flow cookie sent again books nothing: the second answer is the first booking", async () => {
    const slot = await freeSlot();
    const captured = completeFlow(slot);
    const first = await confirm(captured);
    const [booked] = bookedAt(slot);
    expect(first.location).toBe(`/servizi/prenotazione-appuntamento/successo/${booked!.id}`);
    const again = await confirm(captured);
    expect(bookedAt(slot)).toHaveLength(1);
    expect(again.status).toBe(302);
    expect(again.location).toBe(
      `/servizi/prenotazione-appuntamento/successo/${booked!.id}?avviso=gia-inviata`,
    );
    expect(again.cookies).toContain("flow_booking=; Max-Age=0");
    // A double submission whose first answer never reached the browser still gets the proof to read it back.
    expect(again.flows.get(ACCESS_FLOW)).toMatchObject({ tokens: [{ id: String(booked!.id) }] });
  });

  test("two confirmations of one flow at the same moment book once and answer alike", async () => {
    const slot = await freeSlot();
    const captured = completeFlow(slot);
    const answers = await Promise.all([confirm(captured), confirm(captured)]);
    const booked = bookedAt(slot);
    expect(booked).toHaveLength(1);
    expect(answers.map((answer) => answer.location).sort()).toEqual([
      `/servizi/prenotazione-appuntamento/successo/${booked[0]!.id}`,
      `/servizi/prenotazione-appuntamento/successo/${booked[0]!.id}?avviso=gia-inviata`,
    ]);
  });

  test("later, without the proof, the copy lands on step 1 with the notice and no proof", async () => {
    const slot = await freeSlot();
    const captured = completeFlow(slot);
    await confirm(captured);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    const again = await confirm(captured);
    expect(bookedAt(slot)).toHaveLength(1);
    expect(again.location).toBe("/servizi/prenotazione-appuntamento?passo=luogo&avviso=gia-inviata");
    expect(again.flows.has(ACCESS_FLOW)).toBe(false);
    const page = await run("loader", "?passo=luogo&avviso=gia-inviata", {});
    expect(page.body).toMatchObject({ kind: "step", alreadySent: true, stepData: { step: "luogo" } });
  });

  test("the copy cannot reopen the summary or save a step either", async () => {
    const slot = await freeSlot();
    const captured = completeFlow(slot);
    const first = await confirm(captured);
    const holder = first.flows.get(ACCESS_FLOW);
    const id = String(bookedAt(slot)[0]!.id);
    const summary = await run("loader", "?passo=riepilogo", {
      flows: { [BOOKING_FLOW]: captured, [ACCESS_FLOW]: holder },
    });
    expect(summary.location).toBe(`/servizi/prenotazione-appuntamento/successo/${id}?avviso=gia-inviata`);
    const step = await run(
      "action",
      "?passo=data",
      { flows: { [BOOKING_FLOW]: captured } },
      { intent: "data", giorno: slot.day, orario: slot.time },
    );
    expect(step.location).toMatch(new RegExp(`/successo/${id}\\?avviso=gia-inviata$`));
    expect(bookedAt(slot)).toHaveLength(1);
  });

  test("a refused booking is not remembered: the same flow can be confirmed again", async () => {
    const slot = await freeSlot();
    const captured = completeFlow(slot);
    const other = Number(await takeSlot(slot));
    expect((await confirm(captured)).location).toContain("avviso=orario-occupato");
    // The other citizen's appointment goes away upstream: the slot is free again.
    const { appsched } = upstream.store.state;
    appsched.appointments = appsched.appointments.filter((stored) => stored.id !== other);
    const second = await confirm(captured);
    expect(second.location).toBe(`/servizi/prenotazione-appuntamento/successo/${bookedAt(slot)[0]!.id}`);
  });
});

test("without the APPSCHED asset the booking redirects to the service-not-available page", async () => {
  const stub = createStubContext({ assets: [{ codice: "PPAY", showPublic: false }] });
  const request = new Request(PATH);
  let thrown: unknown;
  try {
    await middleware[0]!(
      { request, context: stub.context, params: {}, url: new URL(PATH) } as never,
      (async () => new Response("page")) as never,
    );
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(302);
  expect((thrown as Response).headers.get("Location")).toBe("/servizio-non-disponibile");
});
