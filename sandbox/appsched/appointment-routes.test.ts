import { expect, test } from "vitest";
import { bookingBody, createAppschedTestApp, GIULIA, MARIO } from "#tests/support/appsched-test-app.ts";

const asMario = { "x-test-citizen": MARIO!.codFisc };
const asGiulia = { "x-test-citizen": GIULIA!.codFisc };

function ownAppointments(
  store: ReturnType<typeof createAppschedTestApp>["store"],
  codFisc: string,
  tenantId = "comune-a",
) {
  return store.state.appsched.appointments.filter(
    (appointment) => appointment.ownerCf === codFisc && appointment.tenantId === tenantId,
  );
}

test("a citizen lists their own appointments, newest first, with aggregates and without hashes", async () => {
  const { http } = createAppschedTestApp();
  const res = await http
    .get(`/api/appsched/appointments?sort=-start&aggregates=true&codice_fiscale=${MARIO!.codFisc}`)
    .set(asMario)
    .expect(200);
  const starts = res.body.map((appointment: { start: string }) => appointment.start);
  expect(starts).toEqual([
    "2027-03-09 10:00:00",
    "2027-03-05 11:00:00",
    "2027-03-03 09:30:00",
    "2027-02-22 10:00:00",
  ]);
  expect(res.body.map((appointment: { status: string }) => appointment.status)).toEqual([
    "ANNULLATA",
    "APPROVATA",
    "APPROVATA",
    "APPROVATA",
  ]);
  expect(res.body[1]).toMatchObject({ service: { id: "12", virtual: true }, category: { id: "1" } });
  expect(res.body[1].videoCallUrl).toMatch(
    /^https:\/\/videochiamata\.comune\.valverde\.it\/stato-civile\/[\w-]{16}$/,
  );
  for (const appointment of res.body) expect(appointment).not.toHaveProperty("hash");
});

test("listing someone else's fiscal code is forbidden, and the public API has no list", async () => {
  const { http } = createAppschedTestApp();
  await http.get(`/api/appsched/appointments?codice_fiscale=${GIULIA!.codFisc}`).set(asMario).expect(403);
  await http.get(`/api-public/appsched/appointments?codice_fiscale=${MARIO!.codFisc}`).expect(403);
});

test("another citizen's appointment does not exist for you", async () => {
  const { http, store } = createAppschedTestApp();
  const [marios] = ownAppointments(store, MARIO!.codFisc);
  await http.get(`/api/appsched/appointments/${marios!.id}`).set(asMario).expect(200);
  await http.get(`/api/appsched/appointments/${marios!.id}`).set(asGiulia).expect(404);
  await http
    .put(`/api/appsched/appointments/${marios!.id}`)
    .set(asGiulia)
    .send(bookingBody("11", "2027-03-03 10:00:00"))
    .expect(404);
  await http.delete(`/api/appsched/appointments/${marios!.id}`).set(asGiulia).expect(404);
  await http.get("/api/appsched/appointments/abc").set(asMario).expect(404);
});

test("moving an appointment frees its old slot", async () => {
  const { http } = createAppschedTestApp();
  const created = await http
    .post("/api/appsched/appointments")
    .set(asMario)
    .send(bookingBody("13", "2027-03-02 16:00:00"))
    .expect(201);
  const moved = await http
    .put(`/api/appsched/appointments/${created.body.id}`)
    .set(asMario)
    .send({
      start: "2027-03-03 11:00:00",
      notes: "(8) TARI - Nuova utenza",
      providerId: "any-provider",
      serviceId: "13",
    })
    .expect(200);
  expect(moved.body).toMatchObject({
    start: "2027-03-03 11:00:00",
    end: "2027-03-03 11:30:00",
    notes: "(8) TARI - Nuova utenza",
  });
  const free = await http.get("/api/appsched/services/13/availabilities?date=2027-03-02").set(asMario);
  expect(free.body).toEqual(["16:00"]);
});

test("an appointment's own slot counts as free when it is saved again", async () => {
  const { http, store } = createAppschedTestApp();
  const virtual = ownAppointments(store, MARIO!.codFisc).find(
    (appointment) => appointment.serviceId === "12",
  )!;
  const body = {
    start: virtual.start,
    notes: "(5) Unioni civili - Cambio di motivo",
    providerId: "any-provider",
    serviceId: "12",
  };
  const res = await http.put(`/api/appsched/appointments/${virtual.id}`).set(asMario).send(body).expect(200);
  expect(res.body.notes).toBe("(5) Unioni civili - Cambio di motivo");
});

test("moves follow the booking rules", async () => {
  const { http, store } = createAppschedTestApp();
  const [future] = ownAppointments(store, MARIO!.codFisc).filter(
    (appointment) => appointment.serviceId === "11" && appointment.status === "APPROVATA",
  );
  const move = (start: string) =>
    http
      .put(`/api/appsched/appointments/${future!.id}`)
      .set(asMario)
      .send({ start, notes: future!.notes, providerId: "any-provider", serviceId: "11" });
  expect((await move("2027-03-02 09:00:00")).status).toBe(422);
  expect((await move("2027-09-10 09:00:00")).status).toBe(422);
  expect((await move("2027-03-02 09:00")).status).toBe(422);
  expect((await move("2027-03-02")).status).toBe(400);
  const past = ownAppointments(store, MARIO!.codFisc).find(
    (appointment) => appointment.start < "2027-03-01",
  )!;
  const res = await http.put(`/api/appsched/appointments/${past.id}`).set(asMario).send({
    start: "2027-03-04 09:00:00",
    notes: past.notes,
    providerId: "any-provider",
    serviceId: past.serviceId,
  });
  expect(res.status).toBe(422);
});

test("cancelling keeps the record, marks it ANNULLATA and frees the slot", async () => {
  const { http } = createAppschedTestApp();
  const created = await http
    .post("/api/appsched/appointments")
    .set(asGiulia)
    .send(bookingBody("13", "2027-03-02 16:00:00"))
    .expect(201);
  const res = await http.delete(`/api/appsched/appointments/${created.body.id}`).set(asGiulia).expect(200);
  expect(res.body).toEqual({ id: created.body.id, status: "ANNULLATA" });
  const again = await http.get(`/api/appsched/appointments/${created.body.id}`).set(asGiulia).expect(200);
  expect(again.body.status).toBe("ANNULLATA");
  const free = await http.get("/api/appsched/services/13/availabilities?date=2027-03-02").set(asGiulia);
  expect(free.body).toEqual(["16:00"]);
  await http.delete(`/api/appsched/appointments/${created.body.id}`).set(asGiulia).expect(200);
  const mails = await http.get("/__sandbox/mailbox.json?to=laura.conti@example.it");
  expect(mails.body[0].subject).toBe("Annullamento appuntamento");
});

test("the public API cannot change or cancel by id", async () => {
  const { http } = createAppschedTestApp();
  const created = await http
    .post("/api-public/appsched/appointments")
    .send(bookingBody("11", "2027-03-02 10:00:00"))
    .expect(201);
  await http
    .put(`/api-public/appsched/appointments/${created.body.id}`)
    .send(bookingBody("11", "2027-03-02 10:30:00"))
    .expect(403);
  await http.delete(`/api-public/appsched/appointments/${created.body.id}`).expect(403);
});

test("the appointments service has no idempotency: the same Idempotency-Key books twice", async () => {
  const { http, store } = createAppschedTestApp();
  const key = "0123456789abcdef0123456789abcdef";
  const before = store.state.appsched.appointments.length;
  const first = await http
    .post("/api-public/appsched/appointments")
    .set("Idempotency-Key", key)
    .send(bookingBody("11", "2027-03-03 10:00:00"))
    .expect(201);
  const again = await http
    .post("/api-public/appsched/appointments")
    .set("Idempotency-Key", key)
    .send(bookingBody("11", "2027-03-03 10:00:00"))
    .expect(201);
  expect(again.body.id).not.toBe(first.body.id);
  expect(store.state.appsched.appointments.length).toBe(before + 2);
});
