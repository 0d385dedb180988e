import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { Express, RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { startHeldRelay } from "#tests/support/held-relay.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { addDaysToDay, parseRomeDateTime, todayInRome } from "#shared/dates.ts";
import { PortalBrowser } from "#tests/support/portal-browser.ts";
import { CITIZENS, HOSTS, UPSTREAM_HOSTS } from "#tests/support/portal-requests.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";

// Whole booking flows over HTTP, without JavaScript: the production build (npm test builds first), the real Express
// app with its sealed flow cookies, and the sandbox upstream on its real clock.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
let app: Express;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
  app = testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;
});
afterAll(() => sandbox.close());

const HOST = HOSTS.a;
const UPSTREAM_HOST = UPSTREAM_HOSTS.a;
const BOOKING = "/servizi/prenotazione-appuntamento";

const step = (passo: string) => `${BOOKING}?passo=${passo}`;

async function freeTimes(officeId: string, day: string): Promise<string[]> {
  const url = `${sandbox.url}/api-public/appsched/services/${officeId}/availabilities?date=${day}`;
  const res = await fetch(url, { headers: { "X-Forwarded-Host": UPSTREAM_HOST } });
  return (await res.json()) as string[];
}

/** The first day from `from` on with a free time at the office (never today: its times pass while tests run). */
async function firstFreeSlot(officeId: string, from = 1): Promise<{ day: string; time: string }> {
  for (let offset = from; offset < from + 60; offset++) {
    const day = addDaysToDay(todayInRome(), offset);
    const [time] = await freeTimes(officeId, day);
    if (time) return { day, time };
  }
  throw new Error(`no free slot at office ${officeId}`);
}

async function mailsTo(address: string): Promise<Array<{ subject: string }>> {
  const res = await fetch(`${sandbox.url}/__sandbox/mailbox.json?to=${encodeURIComponent(address)}`);
  return (await res.json()) as Array<{ subject: string }>;
}

type Flow = {
  office: { categoryId: string; officeId: string; reasonId: string };
  slot: { day: string; time: string };
};

/** Steps 1–4 as an anonymous visitor, then the summary shown: the jar holds the flow cookie as it is there. */
async function reachSummary({ office, slot }: Flow, email: string) {
  const jar = new PortalBrowser(app, HOST);
  const steps: Array<[string, Record<string, string>]> = [
    ["luogo", { categoria: office.categoryId, ufficio: office.officeId }],
    ["data", { giorno: slot.day, orario: slot.time }],
    ["dettagli", { motivo: office.reasonId, dettagli: "Prova di prenotazione" }],
    ["richiedente", { nome: "Laura", cognome: "Conti", email }],
  ];
  for (const [passo, fields] of steps) {
    const res = await jar.post(step(passo), { intent: passo, ...fields });
    expect(res.status, `${passo}: ${res.text.slice(0, 200)}`).toBe(303);
  }
  expect(jar.cookies.has("flow_booking")).toBe(true);
  // The browser follows the last redirect: the summary gives the confirmation its idempotency key.
  const summary = await jar.get(step("riepilogo"));
  expect(summary.status).toBe(200);
  return jar;
}

const ANAGRAFE = { categoryId: "1", officeId: "11", reasonId: "1" }; // two places per slot
const TRIBUTI = { categoryId: "2", officeId: "13", reasonId: "7" }; // one place per slot

describe("confirming a booking", () => {
  test("the anonymous proof comes in a cookie that expires the day after the appointment", async () => {
    const slot = await firstFreeSlot(ANAGRAFE.officeId);
    const email = `scadenza.${Date.now()}@example.it`;
    const jar = await reachSummary({ office: ANAGRAFE, slot }, email);
    const before = Date.now();
    const res = await jar.post(step("riepilogo"), { intent: "riepilogo", privacy: "1" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(new RegExp(`^${BOOKING}/successo/\\d+$`));
    const access = [res.headers["set-cookie"] ?? []]
      .flat()
      .find((line: string) => line.startsWith("flow_appt-access="))!;
    expect(access).toMatch(/; HttpOnly/i);
    // Slots last 30 minutes at this office: the proof lasts until a day after the end.
    const end = parseRomeDateTime(`${slot.day} ${slot.time}`).getTime() + 30 * 60 * 1000;
    const until = end + 24 * 60 * 60 * 1000;
    const maxAge = Number(/; Max-Age=(\d+)/i.exec(access)?.[1]);
    expect(Math.abs(maxAge - (until - before) / 1000)).toBeLessThan(10);
    expect(Math.abs(Date.parse(/; Expires=([^;]+)/i.exec(access)![1]!) - until)).toBeLessThan(10_000);
    // The proof opens the success page.
    const success = await jar.get(res.headers.location!);
    expect(success.status).toBe(200);
    expect(success.text).toContain("Appuntamento confermato");
    expect(success.text).toContain("Laura");
    expect(success.text).toContain(email);
    expect(success.text).toContain("Prova di prenotazione");
    const id = res.headers.location!.split("/").at(-1)!;
    const calendar = `${BOOKING}/calendario/${id}`;
    // (RFC 5545 folds long lines: read them unfolded.)
    const unfolded = (ics: string) => ics.replace(/\r\n /g, "");
    expect(unfolded((await jar.get(calendar)).text)).toContain("Prova di prenotazione");
    // The same page opened again later, without this browser's booking just done (issue #40): the appointment as it
    // is, no success announced.
    const later = jar.copy();
    later.cookies.delete("flow_appena-fatto");
    const opened = await later.get(res.headers.location!);
    expect(opened.status).toBe(200);
    expect(opened.text).toContain("Il tuo appuntamento");
    expect(opened.text).not.toContain("Appuntamento confermato");
    // Whoever holds the browser now may be somebody else (a shared computer): the requester masked.
    expect(opened.text).not.toContain("Laura");
    expect(opened.text).not.toContain(email);
    expect(opened.text).toContain(`s•••@example.it`);
    // Nor what the booker wrote (the details), on the page or in the calendar file.
    expect(opened.text).not.toContain("Prova di prenotazione");
    const laterCalendar = await later.get(calendar);
    expect(laterCalendar.status).toBe(200);
    expect(laterCalendar.text).toContain("BEGIN:VEVENT");
    expect(unfolded(laterCalendar.text)).not.toContain("Prova di prenotazione");
    // Another citizen logging in at that computer: the same.
    const giulia = later.copy().withCookie(await loginAs(sandbox.url, CITIZENS.GIULIA));
    const seen = await giulia.get(res.headers.location!);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain(email);
    // The cancellation's success, opened without having cancelled anything: the booking page instead.
    const cancelled = await later.get("/servizi/annullamento-appuntamento/successo");
    expect([cancelled.status, cancelled.headers.location]).toEqual([302, BOOKING]);
  });

  test("the summary sent twice with the same captured cookie books once; the second gets the first booking", async () => {
    // A month ahead no seeded booking takes a place: both places of the time are free, so a second booking would go through.
    const slot = await firstFreeSlot(ANAGRAFE.officeId, 30);
    const email = `doppio.${Date.now()}@example.it`;
    const jar = await reachSummary({ office: ANAGRAFE, slot }, email);
    const captured = jar.copy();

    const first = await jar.post(step("riepilogo"), { intent: "riepilogo", privacy: "1" });
    expect(first.status).toBe(302);
    const success = first.headers.location!;
    expect(success).toMatch(new RegExp(`^${BOOKING}/successo/\\d+$`));
    expect(jar.cookies.has("flow_booking")).toBe(false);

    const again = await captured.post(step("riepilogo"), { intent: "riepilogo", privacy: "1" });
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe(`${success}?avviso=gia-inviata`);
    expect(captured.cookies.has("flow_booking")).toBe(false);
    const page = await captured.get(again.headers.location!);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Questa prenotazione è già stata inviata");

    const confirmations = (await mailsTo(email)).filter(
      (mail) => mail.subject === "Conferma prenotazione appuntamento",
    );
    expect(confirmations).toHaveLength(1);
    // The office still has its second place at that time: nothing else took it.
    expect(await freeTimes(ANAGRAFE.officeId, slot.day)).toContain(slot.time);
  });

  test("the upstream books but answers too late: an anonymous retry sends nothing, the notice says to check the e-mail", async () => {
    const slot = await firstFreeSlot(ANAGRAFE.officeId, 31);
    const email = `ritardo.${Date.now()}@example.it`;
    const jar = await reachSummary({ office: ANAGRAFE, slot }, email);
    const captured = jar.copy();
    // Between the portal and the sandbox: the first booking call reaches the sandbox, whose answer is held until the
    // portal has given up waiting; everything else passes straight on.
    const upstream = await startHeldRelay(
      sandbox.url,
      (method, path) => method === "POST" && path.endsWith("/appsched/appointments"),
    );
    const slow = testApp({ upstreamUrl: upstream.url, ssrHandler, env: { UPSTREAM_TIMEOUT_MS: "3000" } }).app;
    const confirmations = async () =>
      (await mailsTo(email)).filter((mail) => mail.subject === "Conferma prenotazione appuntamento");
    try {
      // No answer: the portal cannot read an anonymous visitor's appointments, so it says so and sends nothing more.
      const first = await jar.through(slow).post(step("riepilogo"), { intent: "riepilogo", privacy: "1" });
      expect(first.status).toBe(302);
      expect(first.headers.location).toBe(`${BOOKING}?passo=luogo&avviso=esito-incerto`);
      await upstream.answered;
      expect(await confirmations()).toHaveLength(1);
      const page = await jar.through(slow).get(first.headers.location!);
      expect(page.text).toContain("Prenotazione non confermata dal servizio");
      expect(page.text).toContain("Controlla la casella e-mail che hai indicato");

      // The same flow confirmed again (the back button, a captured cookie): nothing is sent.
      const retry = await captured
        .through(slow)
        .post(step("riepilogo"), { intent: "riepilogo", privacy: "1" });
      expect(retry.headers.location).toBe(`${BOOKING}?passo=luogo&avviso=esito-incerto`);
      expect(await confirmations()).toHaveLength(1);
      const creates = upstream.received.filter(
        (r) => r.method === "POST" && r.path.endsWith("/appointments"),
      );
      expect(creates).toHaveLength(1);
      expect(creates[0]!.headers["idempotency-key"]).toBeUndefined();
    } finally {
      await upstream.close();
    }
  });

  test("eight citizens confirming the same last place at once: one books it, seven go back to the date", async () => {
    const slot = await firstFreeSlot(TRIBUTI.officeId, 2);
    const jars = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        reachSummary({ office: TRIBUTI, slot }, `corsa${index}.${Date.now()}@example.it`),
      ),
    );
    const answers = await Promise.all(
      jars.map((jar) => jar.post(step("riepilogo"), { intent: "riepilogo", privacy: "1" })),
    );
    const locations = answers.map((answer) => answer.headers.location ?? `status ${answer.status}`);
    expect(locations.filter((location) => /\/successo\/\d+$/.test(location))).toHaveLength(1);
    expect(locations.filter((location) => location.includes("avviso=orario-occupato"))).toHaveLength(7);
    expect(await freeTimes(TRIBUTI.officeId, slot.day)).not.toContain(slot.time);
  });
});

describe("the way in", () => {
  test("the bare address renders step 1 at once (no redirect); a step not reached yet leads back to the one reached", async () => {
    const first = await request(app).get(BOOKING).set("Host", HOST).set("Accept", "text/html");
    expect(first.status).toBe(200);
    expect(first.text).toContain('name="intent" value="luogo"');

    const jar = new PortalBrowser(app, HOST);
    jar.take(first);
    const ahead = await jar.get(step("riepilogo"));
    expect(ahead.status).toBe(302);
    expect(ahead.headers.location).toBe(`${BOOKING}?passo=luogo`);
  });
});
