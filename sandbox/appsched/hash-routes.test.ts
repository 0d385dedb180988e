import { expect, test } from "vitest";
import { bookingBody, createAppschedTestApp, MARIO } from "#tests/support/appsched-test-app.ts";

const publicBase = "/api-public/appsched";

async function bookAndGetHash(app: ReturnType<typeof createAppschedTestApp>) {
  const created = await app.http
    .post(`${publicBase}/appointments`)
    .send(bookingBody("11", "2027-03-02 10:00:00"))
    .expect(201);
  const [mail] = (await app.http.get("/__sandbox/mailbox.json?to=laura.conti@example.it")).body;
  return { id: created.body.id as number, hash: (mail.link as string).split("/").at(-1)! };
}

test("the e-mailed hash reads, moves and cancels the appointment", async () => {
  const app = createAppschedTestApp();
  const { id, hash } = await bookAndGetHash(app);
  const read = await app.http.get(`${publicBase}/appointments/hash/${hash}`).expect(200);
  expect(read.body).toMatchObject({ id, hash, start: "2027-03-02 10:00:00", service: { id: "11" } });
  const moved = await app.http
    .put(`${publicBase}/appointments/hash/${hash}`)
    .send({
      start: "2027-03-04 11:00:00",
      notes: "(2) Cambio di residenza - Dettagli",
      providerId: "any-provider",
      serviceId: "11",
    })
    .expect(200);
  expect(moved.body).toMatchObject({ id, start: "2027-03-04 11:00:00" });
  const cancelled = await app.http.delete(`${publicBase}/appointments/hash/${hash}`).expect(200);
  expect(cancelled.body).toEqual({ id, status: "ANNULLATA" });
  const gone = await app.http.get(`${publicBase}/appointments/hash/${hash}`).expect(404);
  expect(gone.body).toMatchObject({ status: 404, title: "Appuntamento non trovato o scaduto" });
  await app.http.delete(`${publicBase}/appointments/hash/${hash}`).expect(404);
});

test("moving by hash into a taken slot is refused with 422", async () => {
  const app = createAppschedTestApp();
  const { hash } = await bookAndGetHash(app);
  const res = await app.http.put(`${publicBase}/appointments/hash/${hash}`).send({
    start: "2027-03-02 09:00:00",
    notes: "(1) Carta d'identità elettronica - x",
    providerId: "any-provider",
    serviceId: "11",
  });
  expect(res.status).toBe(422);
});

test("malformed hashes are 400, unknown and past ones 404", async () => {
  const { http, store } = createAppschedTestApp();
  await http.get(`${publicBase}/appointments/hash/abc`).expect(400);
  await http.get(`${publicBase}/appointments/hash/${"x".repeat(31)}!`).expect(400);
  await http.get(`${publicBase}/appointments/hash/${"A".repeat(32)}`).expect(404);
  const past = store.state.appsched.appointments.find(
    (appointment) => appointment.start < "2027-03-01" && appointment.status === "APPROVATA",
  )!;
  await http.get(`${publicBase}/appointments/hash/${past.hash}`).expect(404);
});

test("the hash link works even where public appointments are off, and only in its own municipality", async () => {
  const { http, store } = createAppschedTestApp();
  const montealto = store.state.appsched.appointments.find(
    (appointment) => appointment.tenantId === "comune-b",
  )!;
  const res = await http
    .get(`${publicBase}/appointments/hash/${montealto.hash}`)
    .set("x-test-tenant", "comune-b")
    .expect(200);
  expect(res.body.customer.codice_fiscale).toBe(MARIO!.codFisc);
  await http.get(`${publicBase}/appointments/hash/${montealto.hash}`).expect(404);
});
