import { describe, expect, test } from "vitest";
import { data } from "react-router";
import type { Sportello, SportelloDetail } from "#shared/api/appsched.ts";
import { addDaysToDay, todayInRome } from "#shared/dates.ts";
import { action, loader, middleware } from "#client/routes/appointments/booking.tsx";
import { BOOKING_FLOW, type BookingState } from "./flow-state.ts";
import type { BookingPageData, StepActionData } from "./step-types.ts";
import { createStubContext, stubAppsched, type StubOptions } from "./testing.ts";

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

const complete: BookingState = {
  v: 1,
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
      flows: { [BOOKING_FLOW]: { v: 1, categoryId: "2", officeId: "13" } },
    });
    expect(result.location).toBe("/servizi/prenotazione-appuntamento?passo=data");
  });

  test("a day in the past or beyond six months is refused next to the calendar (400), the rest kept", async () => {
    const flows = { [BOOKING_FLOW]: { v: 1, categoryId: "2", officeId: "13" } };
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
  test("a missing XSRF field is refused", async () => {
    const stub = createStubContext({ appschedPublic: stubAppsched(catalog) });
    const request = new Request(PATH, { method: "POST", body: new URLSearchParams({ intent: "luogo" }) });
    await expect(
      action({ request, context: stub.context, params: {}, url: new URL(PATH) } as never),
    ).rejects.toMatchObject({
      init: { status: 403 },
    });
  });

  test("the office is saved and the flow goes on to the date (Post/Redirect/Get)", async () => {
    const result = await run(
      "action",
      "?passo=luogo",
      {},
      { intent: "luogo", categoria: "2", ufficio: "13" },
    );
    expect(result.location).toBe("/servizi/prenotazione-appuntamento?passo=data");
    expect(result.flows.get(BOOKING_FLOW)).toEqual({ v: 1, categoryId: "2", officeId: "13" });
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
    const taken = () =>
      Promise.reject(data({ status: 422, title: "", service: "appsched", details: [] }, { status: 422 }));
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
      return { id: "1050", start: `${day} 16:00:00`, accessToken: "proof" };
    };
    const result = await run(
      "action",
      "?passo=riepilogo",
      {
        flows: { [BOOKING_FLOW]: complete },
        appschedPublic: stubAppsched({ ...catalog, createAppointment }),
      },
      { intent: "riepilogo", privacy: "1" },
    );
    expect(result.location).toBe("/servizi/prenotazione-appuntamento/successo/1050");
    expect(result.flows.has(BOOKING_FLOW)).toBe(false);
    expect(result.flows.get("appt-access")).toEqual({ v: 1, tokens: [{ id: "1050", token: "proof" }] });
    expect(sent[0]).toMatchObject({
      start: `${day} 16:00:00`,
      notes: "(7) IMU - Verifica dei versamenti",
      customer: { firstName: "Laura", lastName: "Conti", email: "laura@example.it" },
      providerId: "any-provider",
      serviceId: "13",
    });
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
