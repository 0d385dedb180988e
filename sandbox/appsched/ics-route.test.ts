import { expect, test } from "vitest";
import { bookingBody, createAppschedTestApp, MARIO } from "#tests/support/appsched-test-app.ts";

const publicBase = "/api-public/appsched";
const unfold = (text: string) => text.replace(/\r\n /g, "").split("\r\n");

test("the calendar file of an anonymous booking needs its access token", async () => {
  const { http } = createAppschedTestApp();
  const created = await http
    .post(`${publicBase}/appointments`)
    .send(bookingBody("11", "2027-03-02 10:00:00"))
    .expect(201);
  const res = await http
    .get(`${publicBase}/ics`)
    .query({ id: created.body.id, token: created.body.accessToken })
    .buffer(true)
    .expect(200);
  expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(res.headers["content-disposition"]).toMatch(
    new RegExp(`^attachment; filename="?appuntamento-${created.body.id}\\.ics"?$`),
  );
  const text = res.text;
  expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  const lines = unfold(text);
  expect(lines).toContain("DTSTART;TZID=Europe/Rome:20270302T100000");
  expect(lines).toContain("DTEND;TZID=Europe/Rome:20270302T103000");
  expect(lines).toContain(`UID:appuntamento-${created.body.id}@servizi.comune.valverde.it`);
  expect(lines).toContain("LOCATION:Via Roma 1\\, 10060 Valverde (TO)");
  await http.get(`${publicBase}/ics`).query({ id: created.body.id }).expect(404);
  await http.get(`${publicBase}/ics`).expect(400);
});

test("the calendar file is also reachable by hash and, logged in, by id", async () => {
  const { http, store } = createAppschedTestApp();
  const virtual = store.state.appsched.appointments.find((appointment) => appointment.serviceId === "12")!;
  const byHash = await http.get(`${publicBase}/ics`).query({ hash: virtual.hash }).buffer(true).expect(200);
  const lines = unfold(byHash.text);
  expect(lines).toContain("LOCATION:Sportello virtuale (videochiamata)");
  expect(lines).toContain(`URL;VALUE=URI:${virtual.videoCallUrl}`);
  const byId = await http
    .get(`/api/appsched/appointments/${virtual.id}/ics`)
    .set("x-test-citizen", MARIO!.codFisc)
    .buffer(true)
    .expect(200);
  expect(byId.text).toContain("BEGIN:VEVENT");
  await http.get(`/api/appsched/ics?id=${virtual.id}`).set("x-test-citizen", MARIO!.codFisc).expect(200);
});
