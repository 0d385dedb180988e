import { afterEach, describe, expect, test, vi } from "vitest";
import { routeError } from "#shared/route-error.ts";
import type { Sportello, SportelloDetail } from "#shared/api/appsched.ts";
import { addDaysToDay, parseRomeDateTime, todayInRome } from "#shared/dates.ts";
import { action, loader, middleware } from "#client/routes/appointments/booking.tsx";
import { ACCESS_FLOW, BOOKING_FLOW, createBookingState, type BookingState } from "./flow-state.ts";
import type { BookingPageData, StepActionData } from "./step-types.ts";
import { createStubContext, stubAppsched, type StubOptions } from "#tests/support/stub-request-context.ts";

const PATH = "http://comune-a.localhost/servizi/prenotazione-appuntamento";
const day = addDaysToDay(todayInRome(), 10);

const office: SportelloDetail = {
  id: "13",
  name: "Ufficio Tributi",
  location: "Piazza del Municipio 3",
  activitiesRelated: [
    { id: "7", name: "IMU" },
    { id: "8", name: "TARI" },
  ],
};

/** A complete flow, with its own id (confirmed flows are remembered by id: tests must not share one). */
const completeFlow = (): BookingState => ({ ...complete, id: crypto.randomUUID(), started: Date.now() });

const complete: BookingState = {
  ...createBookingState(),
  categoryId: "2",
  officeId: "13",
  day,
  time: "16:00",
  reasonId: "7",
  details: "Verifica dei versamenti",
  requester: { nome: "Laura", cognome: "Conti", email: "laura@example.it", fromProfile: false },
};

const catalog = {
  categories: async () => [{ id: "2", name: "Tributi" }],
  services: async (): Promise<Sportello[]> => [office],
  service: async () => office,
  availabilities: async () => ["09:00", "16:00"],
  unavailableDates: async () => [],
  legalContents: async () => ({ title: "Informativa", body: "<p>Testo</p>" }),
};

type Result = { status: number; location: string | null; cookies: string[]; body: unknown };

/** Runs the route module's loader or action like React Router would, and reads what it answered or threw. */
async function run(
  kind: "loader" | "action",
  path: string,
  options: StubOptions,
  form?: Record<string, string>,
) {
  const stub = createStubContext({ appschedPublic: stubAppsched(catalog), ...options });
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

describe("reading the flow state", () => {
  test.each([
    ["a cookie we did not seal", "tampered"],
    ["a state failing the schema", { v: 1, officeId: "13", day: "domani" }],
  ])("%s restarts the flow at step 1 with a notice and clears the cookie", async (_case, raw) => {
    const result = await run("loader", "?passo=riepilogo", { flows: { [BOOKING_FLOW]: raw } });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/servizi/prenotazione-appuntamento?passo=luogo&avviso=ripristino");
    expect(result.cookies).toEqual(["flow_booking=; Max-Age=0"]);
  });

  test("a step not reachable yet sends to the first incomplete one", async () => {
    const result = await run("loader", "?passo=riepilogo", {
      flows: { [BOOKING_FLOW]: { ...createBookingState(), categoryId: "2", officeId: "13" } },
    });
    expect(result.location).toBe("/servizi/prenotazione-appuntamento?passo=data");
  });

  test("a flow started more than a day ago, or one from before flows had an id, starts over", async () => {
    const old = { ...complete, started: Date.now() - 25 * 60 * 60 * 1000 };
    const { id: _id, started: _started, ...withoutId } = complete;
    for (const state of [old, withoutId]) {
      const result = await run("loader", "?passo=riepilogo", { flows: { [BOOKING_FLOW]: state } });
      expect(result.location).toBe("/servizi/prenotazione-appuntamento?passo=luogo&avviso=ripristino");
      expect(result.cookies).toEqual(["flow_booking=; Max-Age=0"]);
    }
  });

  test("a day in the past or beyond six months is refused next to the calendar (400), the rest kept", async () => {
    const flows = { [BOOKING_FLOW]: { ...createBookingState(), categoryId: "2", officeId: "13" } };
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
      { intent: "luogo", categoria: "2", ufficio: "13" },
    );
    expect(result.location).toBe("/servizi/prenotazione-appuntamento?passo=data");
    expect(result.flows.get(BOOKING_FLOW)).toEqual({
      v: 1,
      id: expect.stringMatching(/^[\w-]{36}$/),
      started: expect.any(Number),
      categoryId: "2",
      officeId: "13",
    });
  });

  test("details over 200 characters and a wrong fiscal code get Italian messages, the input kept", async () => {
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
    const requester = await run(
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
    expect(requester.body).toMatchObject({
      errors: {
        email: expect.stringContaining("e-mail valido"),
        codiceFiscale: expect.stringContaining("codice fiscale"),
      },
      values: { nome: "Laura", cognome: "Conti", email: "laura@", codiceFiscale: "RSSMRA80A01H501X" },
    });
    expect(requester.flows.get(BOOKING_FLOW)).toEqual(complete);
  });

  test("a time that is no longer free is refused at the date step", async () => {
    const flows = { [BOOKING_FLOW]: complete };
    const result = await run(
      "action",
      "?passo=data",
      { flows },
      { intent: "data", giorno: day, orario: "10:30" },
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
      { flows: { [BOOKING_FLOW]: complete } },
      { intent: "riepilogo" },
    );
    expect(result.body).toMatchObject({
      errors: { privacy: expect.stringContaining("informativa sulla privacy") },
    });
  });

  test("a booked slot sends the citizen back to the date step, everything else kept", async () => {
    const taken = () => Promise.reject(routeError(422, { title: "", service: "appsched" }));
    const result = await run(
      "action",
      "?passo=riepilogo",
      {
        flows: { [BOOKING_FLOW]: complete },
        appschedPublic: stubAppsched({ ...catalog, createAppointment: taken }),
      },
      { intent: "riepilogo", privacy: "1" },
    );
    expect(result.location).toBe(
      `/servizi/prenotazione-appuntamento?passo=data&giorno=${day}&avviso=orario-occupato&da=riepilogo`,
    );
    const { time: _time, ...kept } = complete;
    expect(result.flows.get(BOOKING_FLOW)).toEqual(kept);
  });

  test("success clears the flow and keeps the anonymous access token in its own sealed cookie", async () => {
    const sent: unknown[] = [];
    const createAppointment = async (input: unknown) => {
      sent.push(input);
      return { id: "1050", start: `${day} 16:00:00`, end: `${day} 16:30:00`, accessToken: "proof" };
    };
    const result = await run(
      "action",
      "?passo=riepilogo",
      {
        flows: { [BOOKING_FLOW]: completeFlow() },
        appschedPublic: stubAppsched({ ...catalog, createAppointment }),
      },
      { intent: "riepilogo", privacy: "1" },
    );
    expect(result.location).toBe("/servizi/prenotazione-appuntamento/successo/1050");
    expect(result.flows.has(BOOKING_FLOW)).toBe(false);
    const dayAfterTheEnd = parseRomeDateTime(`${day} 16:30:00`).getTime() + 24 * 60 * 60 * 1000;
    expect(result.flows.get(ACCESS_FLOW)).toEqual({
      v: 1,
      tokens: [{ id: "1050", token: "proof", until: dayAfterTheEnd }],
    });
    expect(sent[0]).toMatchObject({
      start: `${day} 16:00:00`,
      notes: "(7) IMU - Verifica dei versamenti",
      customer: { firstName: "Laura", lastName: "Conti", email: "laura@example.it" },
      providerId: "any-provider",
      serviceId: "13",
    });
  });
});

describe("the access cookie of an anonymous booking", () => {
  test("expires a day after the appointment ends, and carries Max-Age and Expires", async () => {
    const end = `${day} 16:30:00`;
    const createAppointment = async () => ({ id: "1051", start: `${day} 16:00:00`, end, accessToken: "p" });
    const before = Date.now();
    const result = await run(
      "action",
      "?passo=riepilogo",
      {
        flows: { [BOOKING_FLOW]: completeFlow() },
        appschedPublic: stubAppsched({ ...catalog, createAppointment }),
      },
      { intent: "riepilogo", privacy: "1" },
    );
    const cookie = result.cookies.find((value) => value.startsWith("flow_appt-access="))!;
    const until = parseRomeDateTime(end).getTime() + 24 * 60 * 60 * 1000;
    const maxAge = Number(/; Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(Math.abs(maxAge - (until - before) / 1000)).toBeLessThan(5);
    const expires = Date.parse(/; Expires=([^;]+)/.exec(cookie)?.[1] ?? "");
    expect(Math.abs(expires - until)).toBeLessThan(5_000);
    expect(cookie).toContain("HttpOnly");
  });

  test("lives as long as the latest of the proofs it keeps, at most 200 days", async () => {
    const createAppointment = async () => ({ id: "1052", start: `${day} 09:00:00`, accessToken: "p" });
    const kept = { v: 1, tokens: [{ id: "1001", token: "old", until: Date.now() + 150 * 86_400_000 }] };
    const result = await run(
      "action",
      "?passo=riepilogo",
      {
        flows: { [BOOKING_FLOW]: completeFlow(), [ACCESS_FLOW]: kept },
        appschedPublic: stubAppsched({ ...catalog, createAppointment }),
      },
      { intent: "riepilogo", privacy: "1" },
    );
    const cookie = result.cookies.find((value) => value.startsWith("flow_appt-access="))!;
    expect(Number(/; Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThan(149 * 86_400);
    expect(result.flows.get(ACCESS_FLOW)).toMatchObject({ tokens: [{ id: "1052" }, { id: "1001" }] });
    // An upstream date far in the future does not make the cookie last for years.
    const farAway = async () => ({ id: "1053", start: "2099-01-01 09:00:00", accessToken: "p" });
    const capped = await run(
      "action",
      "?passo=riepilogo",
      {
        flows: { [BOOKING_FLOW]: completeFlow() },
        appschedPublic: stubAppsched({ ...catalog, createAppointment: farAway }),
      },
      { intent: "riepilogo", privacy: "1" },
    );
    const cappedCookie = capped.cookies.find((value) => value.startsWith("flow_appt-access="))!;
    expect(Number(/; Max-Age=(\d+)/.exec(cappedCookie)?.[1])).toBeLessThanOrEqual(200 * 86_400);
  });
});

describe("confirming the same flow twice", () => {
  afterEach(() => vi.useRealTimers());

  /** An upstream that books every time it is asked, as a real one would for an office with free places. */
  function countingUpstream() {
    const created: string[] = [];
    const createAppointment = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const id = String(2000 + created.length);
      created.push(id);
      return { id, start: `${day} 16:00:00`, end: `${day} 16:30:00`, accessToken: `proof-${id}` };
    };
    return { created, api: stubAppsched({ ...catalog, createAppointment }) };
  }

  const confirm = (state: unknown, api: ReturnType<typeof stubAppsched>, access?: unknown) =>
    run(
      "action",
      "?passo=riepilogo",
      { flows: { [BOOKING_FLOW]: state, ...(access ? { [ACCESS_FLOW]: access } : {}) }, appschedPublic: api },
      { intent: "riepilogo", privacy: "1" },
    );

  test("a captured flow cookie sent again books nothing: the second answer is the first booking", async () => {
    const upstream = countingUpstream();
    const captured = completeFlow();
    const first = await confirm(captured, upstream.api);
    expect(first.location).toBe("/servizi/prenotazione-appuntamento/successo/2000");
    const again = await confirm(captured, upstream.api);
    expect(upstream.created).toEqual(["2000"]);
    expect(again.status).toBe(302);
    expect(again.location).toBe("/servizi/prenotazione-appuntamento/successo/2000?avviso=gia-inviata");
    expect(again.cookies).toContain("flow_booking=; Max-Age=0");
    // A double submission whose first answer never reached the browser still gets the proof to read it back.
    expect(again.flows.get(ACCESS_FLOW)).toMatchObject({ tokens: [{ id: "2000", token: "proof-2000" }] });
  });

  test("two confirmations of one flow at the same moment book once and answer alike", async () => {
    const upstream = countingUpstream();
    const captured = completeFlow();
    const answers = await Promise.all([confirm(captured, upstream.api), confirm(captured, upstream.api)]);
    expect(upstream.created).toEqual(["2000"]);
    expect(answers.map((answer) => answer.location).sort()).toEqual([
      "/servizi/prenotazione-appuntamento/successo/2000",
      "/servizi/prenotazione-appuntamento/successo/2000?avviso=gia-inviata",
    ]);
  });

  test("later, without the proof, the copy lands on step 1 with the notice and no proof", async () => {
    const upstream = countingUpstream();
    const captured = completeFlow();
    await confirm(captured, upstream.api);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    const again = await confirm(captured, upstream.api);
    expect(upstream.created).toHaveLength(1);
    expect(again.location).toBe("/servizi/prenotazione-appuntamento?passo=luogo&avviso=gia-inviata");
    expect(again.flows.has(ACCESS_FLOW)).toBe(false);
    const page = await run("loader", "?passo=luogo&avviso=gia-inviata", {});
    expect(page.body).toMatchObject({ kind: "step", alreadySent: true, stepData: { step: "luogo" } });
  });

  test("the copy cannot reopen the summary or save a step either", async () => {
    const upstream = countingUpstream();
    const captured = completeFlow();
    const holder = { v: 1, tokens: [{ id: "2000", token: "proof-2000", until: Date.now() + 86_400_000 }] };
    await confirm(captured, upstream.api);
    const summary = await run("loader", "?passo=riepilogo", {
      flows: { [BOOKING_FLOW]: captured, [ACCESS_FLOW]: holder },
      appschedPublic: upstream.api,
    });
    expect(summary.location).toBe("/servizi/prenotazione-appuntamento/successo/2000?avviso=gia-inviata");
    const step = await run(
      "action",
      "?passo=data",
      { flows: { [BOOKING_FLOW]: captured }, appschedPublic: upstream.api },
      { intent: "data", giorno: day, orario: "09:00" },
    );
    expect(step.location).toMatch(/\/successo\/2000\?avviso=gia-inviata$/);
    expect(upstream.created).toHaveLength(1);
  });

  test("a refused booking is not remembered: the same flow can be confirmed again", async () => {
    let calls = 0;
    const createAppointment = async () => {
      calls++;
      if (calls === 1) throw routeError(422, { title: "", service: "appsched" });
      return { id: "3000", start: `${day} 16:00:00`, accessToken: "p" };
    };
    const api = stubAppsched({ ...catalog, createAppointment });
    const captured = completeFlow();
    expect((await confirm(captured, api)).location).toContain("avviso=orario-occupato");
    expect((await confirm(captured, api)).location).toBe("/servizi/prenotazione-appuntamento/successo/3000");
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
