import { expect, test } from "vitest";
import { bookingBody, createAppschedTestApp } from "#tests/support/appsched-test-app.ts";

test("the mailbox page is an accessible Italian page listing the e-mails", async () => {
  const { http } = createAppschedTestApp();
  await http
    .post("/api-public/appsched/appointments")
    .send(bookingBody("11", "2027-03-02 10:00:00"))
    .expect(201);
  const res = await http.get("/__sandbox/mailbox?to=laura.conti@example.it").expect(200);
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  expect(res.text).toContain('<html lang="it">');
  expect(res.text).toMatch(/<title>[^<]+<\/title>/);
  expect(res.text).toContain("<h1>Casella e-mail dimostrativa</h1>");
  expect(res.text).toContain("<h2");
  expect(res.text).toContain("Conferma prenotazione appuntamento");
  expect(res.text).toContain("laura.conti@example.it");
  expect(res.text).toMatch(/<a href="\/servizi\/modifica-appuntamento\/[\w-]{32}">/);
});

test("with ?portal= the links point to the portal", async () => {
  const { http } = createAppschedTestApp();
  await http
    .post("/api-public/appsched/appointments")
    .send(bookingBody("11", "2027-03-02 10:00:00"))
    .expect(201);
  const page = await http.get("/__sandbox/mailbox").query({ portal: "http://comune-a.localhost:3000/" });
  expect(page.text).toMatch(
    /<a href="http:\/\/comune-a\.localhost:3000\/servizi\/modifica-appuntamento\/[\w-]{32}">/,
  );
  const json = await http
    .get("/__sandbox/mailbox.json")
    .query({ portal: "http://comune-a.localhost:3000", to: "laura.conti@example.it" });
  expect(json.body[0].url).toMatch(/^http:\/\/comune-a\.localhost:3000\/servizi\/modifica-appuntamento\//);
  const unsafe = await http.get("/__sandbox/mailbox").query({ portal: "javascript:alert(1)" });
  expect(unsafe.text).not.toContain("javascript:");
});

test("what customers typed is escaped", async () => {
  const { http } = createAppschedTestApp();
  const customer = {
    firstName: "<script>alert(1)</script>",
    lastName: "Conti",
    email: "laura.conti@example.it",
  };
  await http
    .post("/api-public/appsched/appointments")
    .send(bookingBody("11", "2027-03-02 10:00:00", { customer }))
    .expect(201);
  const page = await http.get("/__sandbox/mailbox");
  expect(page.text).not.toContain("<script>");
  expect(page.text).toContain("&#60;script&#62;");
});

test("the JSON mailbox filters by municipality, newest first", async () => {
  const { http } = createAppschedTestApp();
  const all = await http.get("/__sandbox/mailbox.json?tenant=comune-b").expect(200);
  expect(all.body.length).toBeGreaterThan(0);
  expect(all.body.every((mail: { tenantId: string }) => mail.tenantId === "comune-b")).toBe(true);
  const ids = (await http.get("/__sandbox/mailbox.json")).body.map((mail: { id: number }) => mail.id);
  expect(ids).toEqual([...ids].sort((left, right) => right - left));
});
