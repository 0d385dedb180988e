import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bookingBody, createAppschedTestApp, GIULIA, MARIO } from "#tests/support/appsched-test-app.ts";
import { startTestUpstream } from "#tests/support/test-app.ts";
import type { Appointment, AppschedApi } from "#shared/api/appsched.ts";
import { createAppschedApi, ownAppointmentsOnly } from "./appsched.ts";
import { isUpstreamError } from "./errors.ts";
import type { UpstreamRequestContext } from "./http.ts";

// The sandbox's appointments router (fixed clock: Monday 1 March 2027, 08:15 in Rome) on a random port.
let server: Server;
let baseUrl = "";
const seen: Array<{ method: string; url: string; language?: string; host?: string }> = [];

beforeAll(async () => {
  const sandbox = createAppschedTestApp();
  const app = express();
  app.use((req, _res, next) => {
    seen.push({
      method: req.method,
      url: req.url,
      language: req.get("accept-language"),
      host: req.get("x-forwarded-host"),
    });
    next();
  });
  app.use(sandbox.app);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function api(base: "api" | "api-public", citizen?: string): AppschedApi {
  const ctx: UpstreamRequestContext = {
    baseUrl,
    forwardedHost: "servizi.comune.valverde.it",
    identityHeaders: citizen ? { "x-test-citizen": citizen } : {},
    timeoutMs: 2000,
  };
  return createAppschedApi(ctx, base);
}

async function failure(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (isUpstreamError(error)) return error.status;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("catalog", () => {
  test("categories, offices and an office's detail, with ids as strings and Accept-Language: it", async () => {
    const publicApi = api("api-public");
    expect(await publicApi.categories()).toEqual([
      { id: "1", name: "Anagrafe e stato civile" },
      { id: "2", name: "Tributi" },
      { id: "3", name: "Polizia locale" },
    ]);
    const offices = await publicApi.services("1");
    expect(offices.map((office) => office.id)).toEqual(["11", "12"]);
    expect(offices[1]).toMatchObject({
      virtual: true,
      videoCallUrl: expect.stringContaining("videochiamata"),
    });
    const detail = await publicApi.service("13");
    expect(detail).toMatchObject({ id: "13", name: "Ufficio Tributi", capacity: 1 });
    expect(detail.firstAvailableDate).toBe("2027-03-01"); // today, 08:15: the morning is still free
    const last = seen.at(-1)!;
    expect(last).toMatchObject({
      url: "/api-public/appsched/services/13",
      language: "it",
      host: "servizi.comune.valverde.it",
    });
  });

  test("unavailable days of a month and free times of a day", async () => {
    const publicApi = api("api-public");
    const unavailable = await publicApi.unavailableDates("13", "2027-03-01");
    expect(unavailable).toEqual(expect.arrayContaining(["2027-03-06", "2027-03-07"])); // the weekend
    expect(unavailable).not.toContain("2027-03-02");
    expect(await publicApi.availabilities("13", "2027-03-02")).toEqual(["16:00"]); // one place left
    expect(seen.at(-1)!.url).toBe("/api-public/appsched/services/13/availabilities?date=2027-03-02");
  });

  test("an unknown office is a 404 and a malformed date a 400", async () => {
    expect(await failure(api("api-public").service("99"))).toBe(404);
    expect(await failure(api("api-public").availabilities("11", "domani"))).toBe(400);
  });
});

describe("booking and reading back", () => {
  test("an anonymous booking answers an access token that is the only way to read it", async () => {
    const publicApi = api("api-public");
    const created = await publicApi.createAppointment(bookingBody("11", "2027-03-03 10:00:00"));
    expect(created).toMatchObject({ start: "2027-03-03 10:00:00", serviceId: "11", status: "APPROVATA" });
    expect(created.accessToken).toEqual(expect.any(String));
    expect(created).not.toHaveProperty("hash");
    const read = await publicApi.getAppointment(created.id, created.accessToken!);
    expect(read).toMatchObject({ id: created.id, service: { name: "Ufficio Anagrafe - Sede centrale" } });
    expect(seen.at(-1)!.url).toMatch(/aggregates=true&token=/);
    expect(await failure(publicApi.getAppointment(created.id))).toBe(404);
    expect(await failure(publicApi.getAppointment(created.id, "forged"))).toBe(404);
  });

  test("the last place goes to one of two bookings; the other gets 422", async () => {
    const body = bookingBody("13", "2027-03-02 16:00:00");
    const results = await Promise.allSettled([
      api("api-public").createAppointment(body),
      api("api-public").createAppointment({
        ...body,
        customer: { ...body.customer, email: "altro@example.it" },
      }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(isUpstreamError(rejected.reason, 422)).toBe(true);
  });

  test("a citizen reads, changes and cancels only their own appointments", async () => {
    const mario = api("api", MARIO!.codFisc);
    // The seed is deterministic: a second instance names the same appointments as the one under test.
    const seeded = createAppschedTestApp().store.state.appsched.appointments.find(
      (appointment) =>
        appointment.ownerCf === MARIO!.codFisc &&
        appointment.status === "APPROVATA" &&
        appointment.start > "2027-03-01",
    )!;
    const own = await mario.getAppointment(String(seeded.id));
    expect(seen.at(-1)!.url).toBe(`/api/appsched/appointments/${seeded.id}?aggregates=true`);
    const moved = await mario.updateAppointment(own.id, {
      start: "2027-03-04 11:00:00",
      notes: own.notes!,
      providerId: "any-provider",
      serviceId: own.serviceId!,
    });
    expect(moved.start).toBe("2027-03-04 11:00:00");
    const giulia = api("api", GIULIA!.codFisc);
    expect(await failure(giulia.getAppointment(own.id))).toBe(404);
    expect(await failure(giulia.deleteAppointment(own.id))).toBe(404);
    expect(await mario.deleteAppointment(own.id)).toEqual({ id: own.id, status: "ANNULLATA" });
  });

  test("the authenticated API refuses anonymous callers", async () => {
    expect(await failure(api("api").categories())).toBe(401);
  });
});

describe("the portal's own owner check, over an upstream that answers any id to anyone", () => {
  const held = (id: string, codiceFiscale?: string): Appointment => ({
    id,
    start: "2027-03-04 11:00:00",
    customer: { firstName: "Mario", lastName: "Rossi", codice_fiscale: codiceFiscale },
  });
  const appointments = [held("1", MARIO!.codFisc), held("2", GIULIA!.codFisc), held("3")];
  // Every appointment to whoever asks, the list filter ignored: the published BFF's gaps at their worst.
  const trusting = {
    getAppointment: async (id: string) => appointments.find((a) => a.id === id)!,
    deleteAppointment: async (id: string) => ({ id, status: "ANNULLATA" }),
    listAppointments: async () => appointments,
  } as unknown as AppschedApi;
  const as = (codFisc: string) => ownAppointmentsOnly(trusting, async () => codFisc);

  test("an appointment by id is its holder's only; an omocodia variant of the holder's code is somebody else", async () => {
    expect((await as(MARIO!.codFisc.toLowerCase()).getAppointment("1")).id).toBe("1");
    expect(await failure(as(GIULIA!.codFisc).getAppointment("1"))).toBe(404);
    // RSSMRA80A01H50MM: the code the Agenzia delle Entrate gives a second Mario Rossi born the same day in Rome.
    expect(await failure(as("RSSMRA80A01H50MM").getAppointment("1"))).toBe(404);
    expect(await failure(as("RSSMRA80A01H50MM").deleteAppointment("1"))).toBe(404);
    expect(await failure(as(MARIO!.codFisc).getAppointment("3"))).toBe(404);
  });

  test("the list keeps the citizen's own only: not another's, not one naming nobody", async () => {
    expect((await as(MARIO!.codFisc).listAppointments(MARIO!.codFisc)).map((a) => a.id)).toEqual(["1"]);
    expect(await as("RSSMRA80A01H50MM").listAppointments("RSSMRA80A01H50MM")).toEqual([]);
    expect(await failure(as(MARIO!.codFisc).listAppointments(GIULIA!.codFisc))).toBe(404);
  });
});

describe("hash links and legal contents always use the public API", () => {
  test("read, change and cancel by hash; malformed 400, unknown 404", async () => {
    // Seeded hashes are deterministic, so a second instance names the same appointments.
    const { store } = createAppschedTestApp();
    const hash = store.state.appsched.appointments.find((appointment) => appointment.ownerCf === null)!.hash;
    const viaAuthenticated = api("api", MARIO!.codFisc);
    const read = await viaAuthenticated.getByHash(hash);
    expect(read.hash).toBe(hash);
    expect(seen.at(-1)!.url).toBe(`/api-public/appsched/appointments/hash/${hash}`);
    expect(await failure(viaAuthenticated.getByHash("short"))).toBe(400);
    expect(await failure(viaAuthenticated.getByHash("x".repeat(40)))).toBe(404);
    const cancelled = await viaAuthenticated.deleteByHash(hash);
    expect(cancelled.status).toBe("ANNULLATA");
    expect(await failure(viaAuthenticated.getByHash(hash))).toBe(404);
  });

  test("legal contents come from the public API", async () => {
    const legal = await api("api", MARIO!.codFisc).legalContents();
    expect(legal.title).toBe("Informativa sul trattamento dei dati personali");
    expect(legal.body).toContain("Comune di Valverde");
    expect(seen.at(-1)!.url).toBe("/api-public/appsched/legal-contents");
  });
});

test("legal contents are sanitised before they reach a page, and bad answers are 502", async () => {
  const upstream = await startTestUpstream((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url?.includes("legal-contents")) {
      res.end(
        JSON.stringify({ title: "Privacy", body: '<p onclick="x()">Testo</p><script>alert(1)</script>' }),
      );
    } else {
      res.end(JSON.stringify([{ name: "senza id" }]));
    }
  });
  try {
    const ctx = { baseUrl: upstream.url, forwardedHost: "h", timeoutMs: 1000 };
    const legal = await createAppschedApi(ctx, "api-public").legalContents();
    expect(legal.body).toBe("<p>Testo</p>");
    expect(await failure(createAppschedApi(ctx, "api-public").categories())).toBe(502);
  } finally {
    await upstream.close();
  }
});
