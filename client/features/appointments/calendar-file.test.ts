import { describe, expect, test } from "vitest";
import type { Appointment } from "#shared/api/appsched.ts";
import { loader } from "#client/routes/appointments/booking-calendar.ts";
import { ACCESS_FLOW } from "./flow-state.ts";
import { createStubContext, stubAppsched } from "#tests/support/stub-request-context.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const GIULIA = { nome: "Giulia", cognome: "Bianchi", codFisc: CITIZENS.GIULIA };

const appointment: Appointment = {
  id: "1019",
  start: "2026-12-01 09:30:00",
  end: "2026-12-01 10:00:00",
  notes: "(1) Carta d'identità elettronica - Rinnovo, urgente",
  serviceId: "11",
  status: "APPROVATA",
  service: {
    id: "11",
    name: "Ufficio Anagrafe - Sede centrale",
    location: "Via Roma 1, 10060 Valverde (TO)",
    additionalInformations: "Porta un documento.",
  },
};

const virtualAppointment: Appointment = {
  ...appointment,
  id: "1020",
  start: "2027-07-01 11:00:00",
  end: null,
  service: { id: "12", name: "Sportello virtuale Stato civile", virtual: true, slotMinutes: 30 },
  videoCallUrl: "https://videochiamata.example.it/stanza-1",
};

async function download(path: string, stub: ReturnType<typeof createStubContext>) {
  const url = new URL(`http://comune-a.localhost${path}`);
  const id = url.pathname.split("/").at(-1)!;
  return (await loader({
    request: new Request(url),
    context: stub.context,
    params: { id },
    url,
  } as unknown as Parameters<typeof loader>[0])) as Response;
}

/** Unfolds RFC 5545 lines. */
function lines(ics: string): string[] {
  return ics.replace(/\r\n /g, "").split("\r\n");
}

describe("calendar file route", () => {
  test("a citizen downloads their appointment as a valid .ics in Europe/Rome time", async () => {
    const stub = createStubContext({
      user: GIULIA,
      appschedAuthenticated: stubAppsched({ getAppointment: async (id) => ({ ...appointment, id }) }),
    });
    const res = await download("/servizi/prenotazione-appuntamento/calendario/1019", stub);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(
      "attachment; filename=\"appuntamento-1019.ics\"; filename*=UTF-8''appuntamento-1019.ics",
    );
    const ics = await res.text();
    expect(ics.endsWith("\r\n")).toBe(true);
    const all = lines(ics);
    expect(all[0]).toBe("BEGIN:VCALENDAR");
    expect(all).toContain("UID:appuntamento-1019@comune-a.localhost");
    expect(all).toContain("DTSTART;TZID=Europe/Rome:20261201T093000");
    expect(all).toContain("DTEND;TZID=Europe/Rome:20261201T100000");
    expect(all).toContain("LOCATION:Via Roma 1\\, 10060 Valverde (TO)");
    expect(all).toContain("SUMMARY:Appuntamento: Ufficio Anagrafe - Sede centrale");
    expect(all).toContain("TZID:Europe/Rome");
    expect(all).toContain("STATUS:CONFIRMED");
  });

  test("a video-call appointment carries the virtual desk label and the meeting link", async () => {
    const stub = createStubContext({
      user: GIULIA,
      appschedAuthenticated: stubAppsched({ getAppointment: async () => virtualAppointment }),
    });
    const all = lines(
      await (await download("/servizi/prenotazione-appuntamento/calendario/1020", stub)).text(),
    );
    expect(all).toContain("LOCATION:Sportello virtuale (videochiamata)");
    expect(all).toContain("URL;VALUE=URI:https://videochiamata.example.it/stanza-1");
    expect(all).toContain("DTSTART;TZID=Europe/Rome:20270701T110000"); // summer time, still wall-clock
    expect(all).toContain("DTEND;TZID=Europe/Rome:20270701T113000");
    expect(all.find((line) => line.startsWith("DESCRIPTION:"))).toContain(
      "https://videochiamata.example.it/stanza-1",
    );
  });

  test("in English, the event's own words are English (the office's name stays as the municipality wrote it)", async () => {
    const stub = createStubContext({
      user: GIULIA,
      locale: "en",
      appschedAuthenticated: stubAppsched({ getAppointment: async () => virtualAppointment }),
    });
    const all = lines(
      await (await download("/servizi/prenotazione-appuntamento/calendario/1020", stub)).text(),
    );
    expect(all).toContain("SUMMARY:Appointment: Sportello virtuale Stato civile");
    expect(all).toContain("LOCATION:Virtual desk (video call)");
    const description = all.find((line) => line.startsWith("DESCRIPTION:")) ?? "";
    expect(description).toContain("Reason: Carta d'identità elettronica");
    expect(description).toContain("Details: Rinnovo\\, urgente");
    expect(description).toContain("Video call link: https://videochiamata.example.it/stanza-1");
    expect(description).not.toMatch(/Motivo|Dettagli|videochiamata:/);
  });

  test("anonymous: only with the access token this browser keeps; never someone else's appointment", async () => {
    const calls: Array<[string, string | undefined]> = [];
    const appschedPublic = stubAppsched({
      getAppointment: async (id, token) => {
        calls.push([id, token]);
        return appointment;
      },
    });
    const without = createStubContext({ appschedPublic });
    expect((await download("/servizi/prenotazione-appuntamento/calendario/1019", without)).status).toBe(404);
    expect(calls).toEqual([]);
    const until = Date.now() + 60_000;
    const flows = { [ACCESS_FLOW]: { v: 1, tokens: [{ id: "1019", token: "proof", until }] } };
    const withToken = createStubContext({ appschedPublic, flows });
    expect((await download("/servizi/prenotazione-appuntamento/calendario/1019", withToken)).status).toBe(
      200,
    );
    expect(calls).toEqual([["1019", "proof"]]);
    expect((await download("/servizi/prenotazione-appuntamento/calendario/1018", withToken)).status).toBe(
      404,
    );
    // A proof past its date (the day after the appointment) no longer opens it, even if the cookie is still sent.
    const expired = {
      [ACCESS_FLOW]: { v: 1, tokens: [{ id: "1019", token: "proof", until: Date.now() - 1 }] },
    };
    const stale = createStubContext({ appschedPublic, flows: expired });
    expect((await download("/servizi/prenotazione-appuntamento/calendario/1019", stale)).status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  test("by hash: the hash must name that appointment; a malformed one is 400", async () => {
    const hash = "h".repeat(32);
    const stub = createStubContext({
      appschedPublic: stubAppsched({ getByHash: async () => ({ ...appointment, hash }) }),
    });
    expect(
      (await download(`/servizi/prenotazione-appuntamento/calendario/1019?hash=${hash}`, stub)).status,
    ).toBe(200);
    expect(
      (await download(`/servizi/prenotazione-appuntamento/calendario/9999?hash=${hash}`, stub)).status,
    ).toBe(404);
    expect((await download("/servizi/prenotazione-appuntamento/calendario/1019?hash=x", stub)).status).toBe(
      400,
    );
  });
});
