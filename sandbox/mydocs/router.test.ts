import { expect, test } from "vitest";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const { GIULIA, ANNA } = CITIZENS;
const { app, http } = createTestSandbox();

test("areas and a first page of 20 of Giulia's documents on comune-a", async () => {
  const cookie = await loginAs(app, GIULIA, hosts.a);
  const areas = await http
    .get(`/api/document/ambiti/cittadino/${GIULIA}`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie);
  expect(areas.status).toBe(200);
  expect(areas.body.ambiti.map((a: { denominazione: string }) => a.denominazione)).toContain("Tributi");

  const list = await http
    .post(`/api/document/documenti/cittadino/${GIULIA}?limit=20&offset=0&sort=dataCreazione&order=desc`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie)
    .send({ visibile: true });
  expect(list.status).toBe(200);
  expect(list.body.totalElements).toBeGreaterThan(20);
  expect(list.body.documenti).toHaveLength(20);
  const dates = list.body.documenti.map((d: { dtaCreazione: string }) => d.dtaCreazione);
  expect([...dates].sort().reverse()).toEqual(dates);
  expect(list.body.documenti[0]).toMatchObject({
    cfCittadino: GIULIA,
    ambito: { denominazione: expect.any(String) },
    tipologia: { estensione: "pdf", mimetype: "application/pdf" },
  });

  const second = await http
    .post(`/api/document/documenti/cittadino/${GIULIA}?limit=20&offset=20`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie)
    .send({ visibile: true });
  expect(second.body.documenti).toHaveLength(list.body.totalElements - 20);
});

test("filters by area, description and creation dates; sorts by description and expiry", async () => {
  const cookie = await loginAs(app, GIULIA, hosts.a);
  const post = (query: string, body: object) =>
    http
      .post(`/api/document/documenti/cittadino/${GIULIA}?${query}`)
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", cookie)
      .send({ visibile: true, ...body });
  const byArea = await post("limit=50", { idAmbito: 2 });
  expect(
    byArea.body.documenti.every(
      (d: { ambito: { denominazione: string } }) => d.ambito.denominazione === "Anagrafe",
    ),
  ).toBe(true);
  const byText = await post("limit=50", { descrizione: "imu" });
  expect(byText.body.totalElements).toBe(3);
  const byDates = await post("limit=50", { dtCreazioneDa: "01/03/2025", dtCreazioneA: "31/03/2025" });
  expect(
    byDates.body.documenti.every((d: { dtaCreazione: string }) => d.dtaCreazione.startsWith("2025-03")),
  ).toBe(true);
  expect(byDates.body.totalElements).toBe(3);
  const byName = await post("limit=50&sort=descrizione&order=asc", {});
  const names = byName.body.documenti.map((d: { descrizione: string }) => d.descrizione);
  expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, "it")));
  const byExpiry = await post("limit=50&sort=dataFine&order=asc", {});
  const ends = byExpiry.body.documenti.map((d: { dtaFine?: string }) => d.dtaFine ?? null);
  const dated = ends.filter((e: string | null) => e !== null);
  expect(ends.slice(0, dated.length)).toEqual([...dated].sort());
  expect(ends.slice(dated.length).every((e: string | null) => e === null)).toBe(true);
  expect((await post("", { dtCreazioneDa: "31/02/2025" })).status).toBe(400);
  expect((await post("sort=nome", {})).status).toBe(400);
});

test("download answers the PDF in base64; another citizen's document is not found", async () => {
  const giulia = await loginAs(app, GIULIA, hosts.a);
  const list = await http
    .post(`/api/document/documenti/cittadino/${GIULIA}`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", giulia)
    .send({ visibile: true });
  const uuid = list.body.documenti[0].uuid as string;
  const file = await http
    .get(`/api/document/documenti/${uuid}/cittadino/${GIULIA}?download=true`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", giulia);
  expect(file.status).toBe(200);
  expect(file.body.documento.filename).toMatch(/\.pdf$/);
  expect(file.body.documento.tipologia.mimetype).toBe("application/pdf");
  const bytes = Buffer.from(file.body.documento.content, "base64").toString("latin1");
  expect(bytes.startsWith("%PDF-")).toBe(true);
  expect(bytes).toContain("Giulia Bianchi");

  const anna = await loginAs(app, ANNA, hosts.a);
  const foreign = await http
    .get(`/api/document/documenti/${uuid}/cittadino/${ANNA}?download=true`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", anna);
  expect(foreign.status).toBe(404);
  const otherCf = await http
    .get(`/api/document/documenti/${uuid}/cittadino/${GIULIA}?download=true`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", anna);
  expect(otherCf.status).toBe(403);
  const anonymous = await http
    .get(`/api/document/ambiti/cittadino/${GIULIA}`)
    .set("X-Forwarded-Host", hosts.a);
  expect(anonymous.status).toBe(401);
});

test("a municipality without MY_DOCS has no documents service", async () => {
  const cookie = await loginAs(app, ANNA, hosts.b);
  const res = await http
    .get(`/api/document/ambiti/cittadino/${ANNA}`)
    .set("X-Forwarded-Host", hosts.b)
    .set("Cookie", cookie);
  expect(res.status).toBe(403);
});
