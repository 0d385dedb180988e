import { expect, test } from "vitest";
import { bookingBody, createAppschedTestApp, GIULIA, MARIO } from "#tests/support/appsched-test-app.ts";

const publicBase = "/api-public/appsched";

test("a public booking is created and its slot disappears", async () => {
  const { http } = createAppschedTestApp();
  const res = await http
    .post(`${publicBase}/appointments`)
    .send(bookingBody("13", "2027-03-02 16:00:00"))
    .expect(201);
  expect(res.body).toMatchObject({
    start: "2027-03-02 16:00:00",
    end: "2027-03-02 16:30:00",
    status: "IN_ATTESA",
    serviceId: "13",
    providerId: "any-provider",
    customer: {
      firstName: "Laura",
      lastName: "Conti",
      email: "laura.conti@example.it",
      codice_fiscale: null,
    },
    service: { id: "13", name: "Ufficio Tributi" },
    category: { id: "2", name: "Tributi" },
  });
  expect(typeof res.body.id).toBe("number");
  expect(res.body.accessToken).toEqual(expect.any(String));
  expect(res.body).not.toHaveProperty("hash");
  const free = await http.get(`${publicBase}/services/13/availabilities?date=2027-03-02`);
  expect(free.body).toEqual([]);
  const unavailable = await http.get(`${publicBase}/services/13/unavailable_dates?date=2027-03-02`);
  expect(unavailable.body).toContain("2027-03-02");
});

test("offices that approve automatically answer APPROVATA", async () => {
  const { http } = createAppschedTestApp();
  const res = await http
    .post(`${publicBase}/appointments`)
    .send(bookingBody("11", "2027-03-02 10:00"))
    .expect(201);
  expect(res.body.status).toBe("APPROVATA");
});

test("of two simultaneous requests for the last place only one gets it", async () => {
  const { http } = createAppschedTestApp();
  const body = bookingBody("13", "2027-03-02 16:00:00");
  const answers = await Promise.all([
    http.post(`${publicBase}/appointments`).send(body),
    http
      .post(`${publicBase}/appointments`)
      .send({ ...body, customer: { ...body.customer, email: "altro@example.it" } }),
  ]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
  const refused = answers.find((answer) => answer.status === 422)!;
  expect(refused.body).toEqual({
    status: 422,
    title: "Lo slot selezionato non è più disponibile",
    details: null,
  });
});

test("of fifty simultaneous requests for one free place exactly one gets it, the others 422", async () => {
  const { http, store } = createAppschedTestApp();
  const start = "2027-03-02 16:00:00";
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      http.post(`${publicBase}/appointments`).send(
        bookingBody("13", start, {
          customer: { firstName: "Laura", lastName: "Conti", email: `corsa${index}@example.it` },
        }),
      ),
    ),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 422)).toHaveLength(49);
  const booked = store.state.appsched.appointments.filter(
    (appointment) => appointment.serviceId === "13" && appointment.start === start,
  );
  expect(booked).toHaveLength(1);
  await http.get(`${publicBase}/services/13/availabilities?date=2027-03-02`).expect(200, []);
});

test("full slots, closed days and times off the grid are refused with 422", async () => {
  const { http } = createAppschedTestApp();
  for (const start of [
    "2027-03-02 09:00:00",
    "2027-03-29 09:00:00",
    "2027-03-02 09:10:00",
    "2027-03-01 13:00:00",
  ]) {
    const res = await http.post(`${publicBase}/appointments`).send(bookingBody("11", start));
    expect(res.status, start).toBe(422);
  }
});

test("past dates and dates beyond six months are refused with 422", async () => {
  const { http } = createAppschedTestApp();
  for (const start of ["2027-02-26 09:00:00", "2027-03-01 08:00:00", "2027-09-02 09:00:00"]) {
    const res = await http.post(`${publicBase}/appointments`).send(bookingBody("11", start));
    expect(res.status, start).toBe(422);
    expect(res.body.status).toBe(422);
  }
  await http.post(`${publicBase}/appointments`).send(bookingBody("11", "2027-09-01 09:00:00")).expect(201);
});

test("malformed requests are refused with 400", async () => {
  const { http } = createAppschedTestApp();
  const cases: Array<Record<string, unknown>> = [
    { notes: `(1) Carta d'identità elettronica - ${"x".repeat(201)}` },
    { notes: "(1) Carta d'identità elettronica - " },
    { notes: "(99) Motivo inventato - testo" },
    { notes: "solo testo" },
    { customer: { firstName: "Laura", lastName: "Conti", email: "non-una-email" } },
    { customer: { firstName: "", lastName: "Conti", email: "laura@example.it" } },
    {
      customer: {
        firstName: "Laura",
        lastName: "Conti",
        email: "laura@example.it",
        codice_fiscale: "RSSMRA80A01H501X",
      },
    },
    { start: "2027-03-02T10:00" },
    { start: "2027-02-30 10:00:00" },
    { serviceId: "999" },
  ];
  for (const override of cases) {
    const res = await http
      .post(`${publicBase}/appointments`)
      .send(bookingBody("11", "2027-03-02 10:00:00", override));
    expect(res.status, JSON.stringify(override)).toBe(400);
    expect(res.body.status).toBe(400);
  }
  const broken = await http
    .post(`${publicBase}/appointments`)
    .set("Content-Type", "application/json")
    .send("{");
  expect(broken.status).toBe(400);
  const twoHundred = `(1) Carta d'identità elettronica - ${"x".repeat(200)}`;
  await http
    .post(`${publicBase}/appointments`)
    .send(bookingBody("11", "2027-03-02 10:00:00", { notes: twoHundred }))
    .expect(201);
});

test("a valid fiscal code typed by an anonymous visitor is kept, uppercased", async () => {
  const { http } = createAppschedTestApp();
  const customer = {
    firstName: "Laura",
    lastName: "Conti",
    email: "laura@example.it",
    codice_fiscale: GIULIA!.codFisc.toLowerCase(),
  };
  const res = await http
    .post(`${publicBase}/appointments`)
    .send(bookingBody("11", "2027-03-02 10:00:00", { customer }))
    .expect(201);
  expect(res.body.customer.codice_fiscale).toBe(GIULIA!.codFisc);
});

test("a logged-in booking takes name and fiscal code from the identity, not from the body", async () => {
  const { http } = createAppschedTestApp();
  const customer = {
    firstName: "Finto",
    lastName: "Nome",
    email: "mario.altro@example.it",
    codice_fiscale: GIULIA!.codFisc,
  };
  const res = await http
    .post("/api/appsched/appointments")
    .set("x-test-citizen", MARIO!.codFisc)
    .send(bookingBody("11", "2027-03-02 10:00:00", { customer }))
    .expect(201);
  expect(res.body.customer).toEqual({
    firstName: "Mario",
    lastName: "Rossi",
    email: "mario.altro@example.it",
    codice_fiscale: MARIO!.codFisc,
  });
  const list = await http
    .get(`/api/appsched/appointments?codice_fiscale=${MARIO!.codFisc}`)
    .set("x-test-citizen", MARIO!.codFisc);
  expect(list.body.map((appointment: { id: number }) => appointment.id)).toContain(res.body.id);
});

test("the booking e-mail reaches the mailbox with the link to manage the appointment", async () => {
  const { http, store } = createAppschedTestApp();
  const res = await http
    .post(`${publicBase}/appointments`)
    .send(bookingBody("11", "2027-03-02 10:00:00"))
    .expect(201);
  const mails = await http.get("/__sandbox/mailbox.json?to=LAURA.CONTI@example.it").expect(200);
  expect(mails.body).toHaveLength(1);
  const [mail] = mails.body;
  expect(mail).toMatchObject({
    to: "laura.conti@example.it",
    subject: "Conferma prenotazione appuntamento",
    tenantId: "comune-a",
  });
  const hash = store.state.appsched.appointments.find((appointment) => appointment.id === res.body.id)!.hash;
  expect(hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect(mail.link).toBe(`/servizi/modifica-appuntamento/${hash}`);
  expect(mail.body).toContain("Data e orario: martedì 2 marzo 2027, 10:00");
  expect(mail.body).toContain(`/servizi/modifica-appuntamento/${hash}`);
  await http.get(`${publicBase}/appointments/hash/${hash}`).expect(200);
});

test("an anonymous visitor reads the appointment only with the access token", async () => {
  const { http } = createAppschedTestApp();
  const created = await http
    .post(`${publicBase}/appointments`)
    .send(bookingBody("11", "2027-03-02 10:00:00"))
    .expect(201);
  const { id, accessToken } = created.body;
  const read = await http.get(`${publicBase}/appointments/${id}`).query({ token: accessToken }).expect(200);
  expect(read.body).toMatchObject({ id, start: "2027-03-02 10:00:00" });
  expect(read.body).not.toHaveProperty("hash");
  await http.get(`${publicBase}/appointments/${id}`).expect(404);
  await http
    .get(`${publicBase}/appointments/${id}`)
    .query({ token: `${accessToken}x` })
    .expect(404);
  await http
    .get(`${publicBase}/appointments/${id - 1}`)
    .query({ token: accessToken })
    .expect(404);
});
