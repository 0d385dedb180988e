import { expect, test } from "vitest";
import { createAppschedTestApp, MARIO } from "#tests/support/appsched-test-app.ts";

const publicBase = "/api-public/appsched";

test("categories and their offices, the virtual one with its video call", async () => {
  const { http } = createAppschedTestApp();
  const categories = await http.get(`${publicBase}/categories`).expect(200);
  expect(categories.body).toEqual([
    { id: "1", name: "Anagrafe e stato civile" },
    { id: "2", name: "Tributi" },
    // The disabled parking permit's office (issue #36): a delegation can cover two categories of the three.
    { id: "3", name: "Polizia locale" },
  ]);
  const police = await http.get(`${publicBase}/categories/3/services`).expect(200);
  expect(police.body.map((office: { id: string; name: string }) => [office.id, office.name])).toEqual([
    ["14", "Comando di Polizia locale"],
  ]);
  const offices = await http.get(`${publicBase}/categories/1/services`).expect(200);
  expect(offices.body.map((office: { id: string }) => office.id)).toEqual(["11", "12"]);
  expect(offices.body[0]).toMatchObject({
    name: "Ufficio Anagrafe - Sede centrale",
    location: "Via Roma 1, 10060 Valverde (TO)",
    categoryId: "1",
    virtual: false,
    slotMinutes: 30,
    capacity: 2,
  });
  expect(offices.body[0].additionalInformations).toMatch(/^Cosa serve: documento d'identità/);
  expect(offices.body[0].activitiesRelated[0]).toEqual({ id: "1", name: "Carta d'identità elettronica" });
  expect(offices.body[1]).toMatchObject({
    virtual: true,
    videoCallUrl: expect.stringMatching(/^https:\/\//),
  });
  await http.get(`${publicBase}/categories/99/services`).expect(404);
});

test("another municipality has its own categories", async () => {
  const { http } = createAppschedTestApp();
  const res = await http
    .get("/api/appsched/categories")
    .set("x-test-tenant", "comune-b")
    .set("x-test-citizen", MARIO!.codFisc)
    .expect(200);
  expect(res.body.map((category: { name: string }) => category.name)).toEqual([
    "Servizi demografici",
    "Suolo pubblico e attività produttive",
  ]);
});

test("an office tells its first and last bookable day", async () => {
  const { http } = createAppschedTestApp();
  const res = await http.get(`${publicBase}/services/13`).expect(200);
  expect(res.body).toMatchObject({
    id: "13",
    categoryId: "2",
    firstAvailableDate: "2027-03-01",
    lastAvailableDate: "2027-09-01",
  });
  await http.get(`${publicBase}/services/404`).expect(404);
});

test("free times leave out full slots and, today, the times already gone", async () => {
  const { http, setNow } = createAppschedTestApp();
  const tomorrow = await http.get(`${publicBase}/services/11/availabilities?date=2027-03-02`).expect(200);
  expect(tomorrow.body[0]).toBe("09:30");
  expect(tomorrow.body).toContain("16:00");
  const tributi = await http.get(`${publicBase}/services/13/availabilities?date=2027-03-02`).expect(200);
  expect(tributi.body).toEqual(["16:00"]);
  setNow(new Date("2027-03-01T09:05:00Z"));
  const today = await http.get(`${publicBase}/services/11/availabilities?date=2027-03-01`).expect(200);
  expect(today.body).toEqual(["10:30", "11:00", "11:30", "12:00"]);
});

test("holidays, weekends and malformed dates have no free times", async () => {
  const { http } = createAppschedTestApp();
  for (const day of ["2027-03-29", "2027-03-06", "2027-03-07", "2027-02-26", "2027-09-02"]) {
    const res = await http.get(`${publicBase}/services/11/availabilities?date=${day}`).expect(200);
    expect(res.body, day).toEqual([]);
  }
  const malformed = await http.get(`${publicBase}/services/11/availabilities?date=2027-3-2`).expect(400);
  expect(malformed.body).toMatchObject({ status: 400, details: null });
  await http.get(`${publicBase}/services/11/availabilities?date=2027-02-30`).expect(400);
  await http.get(`${publicBase}/services/11/availabilities`).expect(400);
});

test("unavailable dates: weekends, Easter Monday, today once its slots are gone", async () => {
  const { http, setNow } = createAppschedTestApp();
  const march = await http.get(`${publicBase}/services/11/unavailable_dates?date=2027-03-15`).expect(200);
  const weekends = ["06", "07", "13", "14", "20", "21", "27", "28"].map((day) => `2027-03-${day}`);
  expect(march.body).toEqual([...weekends, "2027-03-29"]);
  setNow(new Date("2027-03-01T11:10:00Z"));
  const later = await http.get(`${publicBase}/services/11/unavailable_dates?date=2027-03-15`).expect(200);
  expect(later.body).toContain("2027-03-01");
});

test("the month may be given as an ISO timestamp or a JavaScript date string", async () => {
  const { http } = createAppschedTestApp();
  const byDay = await http.get(`${publicBase}/services/11/unavailable_dates?date=2027-03-15`);
  for (const date of [
    "2027-03-15T00:00:00.000Z",
    "Mon Mar 15 2027 00:00:00 GMT+0100 (Ora standard dell’Europa centrale)",
    "2027-03",
  ]) {
    const res = await http.get(`${publicBase}/services/11/unavailable_dates`).query({ date }).expect(200);
    expect(res.body, date).toEqual(byDay.body);
  }
  await http.get(`${publicBase}/services/11/unavailable_dates?date=domani`).expect(400);
});

test("past months and months beyond six months ahead are entirely unavailable", async () => {
  const { http } = createAppschedTestApp();
  const february = await http.get(`${publicBase}/services/11/unavailable_dates?date=2027-02-15`).expect(200);
  expect(february.body).toHaveLength(28);
  const september = await http.get(`${publicBase}/services/11/unavailable_dates?date=2027-09-15`).expect(200);
  expect(september.body).toHaveLength(29);
  expect(september.body).not.toContain("2027-09-01");
  const october = await http.get(`${publicBase}/services/11/unavailable_dates?date=2027-10-15`).expect(200);
  expect(october.body).toHaveLength(31);
});
