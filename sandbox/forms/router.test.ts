import { expect, test } from "vitest";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { issueMoonToken } from "./state.ts";
import { pdfTextLines } from "../pdf-reading.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const { MARIO, GIULIA } = CITIZENS;

const session = (app: Parameters<typeof loginAs>[0], cf: string) => loginAs(app, cf);

function setup(gaps = false) {
  const sandbox = createTestSandbox({ gaps });
  const get = (path: string, cookie: string, token?: string) => {
    const req = sandbox.http.get(path).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
    return token ? req.set("Moon-Identita-JWT", token) : req;
  };
  const token = async (cookie: string) =>
    ((await get("/api/moon/moon-identita", cookie)).body as { idMoonToken: string }).idMoonToken;
  return { ...sandbox, get, token };
}

test("the identity token lists the citizen's own instances, newest first, paged", async () => {
  const s = setup();
  const mario = await session(s.app, MARIO);
  const jwt = await s.token(mario);
  const res = await s.get("/api/moon/istanze-paginate?limit=2&offset=0&codice_ente=c_v001", mario, jwt);
  expect(res.status).toBe(200);
  expect(res.body.totalElements).toBe(3);
  expect(res.body.items.map((i: { codiceIstanza: string }) => i.codiceIstanza)).toEqual([
    "MOON-2026-000003",
    "MOON-2026-000002",
  ]);
  expect(res.body.items[0].stato).toEqual({ codice: "BOZZA", descrizione: "Bozza" });
});

test("no token, an expired one or another citizen's token is refused", async () => {
  const s = setup();
  const mario = await session(s.app, MARIO);
  const giulia = await session(s.app, GIULIA);
  expect((await s.get("/api/moon/istanze-paginate", mario)).status).toBe(403);
  const expired = issueMoonToken(MARIO, "comune-a", Date.now() - 3_600_000);
  const old = await s.get("/api/moon/istanze-paginate", mario, expired);
  expect(old.status).toBe(403);
  expect(old.body.title).toBe("ExpiredJWT");
  const other = await s.get("/api/moon/istanze-paginate", giulia, await s.token(mario));
  expect(other.status).toBe(403);
  expect(other.body.title).not.toBe("ExpiredJWT");
});

test("by id only the token's own instance, except in gaps mode", async () => {
  for (const gaps of [false, true]) {
    const s = setup(gaps);
    const giulia = await session(s.app, GIULIA);
    const res = await s.get("/api/moon/istanze/MOON-2026-000001/pdf", giulia, await s.token(giulia));
    expect(res.status).toBe(gaps ? 200 : 404);
  }
});

test("the receipt is a PDF; a draft is duplicated and deleted, a sent instance is not deleted", async () => {
  const s = setup();
  const mario = await session(s.app, MARIO);
  const jwt = await s.token(mario);
  const pdf = await s.get("/api/moon/istanze/MOON-2026-000001/pdf", mario, jwt).buffer(true);
  expect(pdf.status).toBe(200);
  expect(pdf.headers["content-type"]).toBe("application/pdf");
  expect(
    Buffer.from(pdf.body as Buffer)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  // The demo receipt writes its date in Italian (issue #40: "Data: 2026-…").
  const lines = pdfTextLines(Buffer.from(pdf.body as Buffer).toString("latin1")).join("\n");
  expect(lines).toMatch(/Data: \d{1,2} [a-z]+ \d{4}/);
  expect(lines).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  const copy = await s.get("/api/moon/istanze/MOON-2026-000003/duplica", mario, jwt);
  expect(copy.status).toBe(201);
  expect(copy.body.stato.codice).toBe("BOZZA");
  const del = (id: string) =>
    s.http
      .delete(`/api/moon/istanze/${id}`)
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", mario)
      .set("Moon-Identita-JWT", jwt);
  expect((await del(copy.body.codiceIstanza as string)).status).toBe(204);
  expect((await del("MOON-2026-000001")).status).toBe(409);
});

test("the front office: a form sent there becomes an instance of the citizen, a draft is saved", async () => {
  const s = setup();
  const page = await s.http.get("/moonfobl/accesso/gasprp_salute").query({
    service: "new",
    codice_ente: "c_v001",
    codice_modulo: "CERT_ANAG",
    back_url: "http://comune-a.localhost:3000/area-personale/attivita",
  });
  expect(page.status).toBe(200);
  expect(page.text).toContain("Richiesta di certificati anagrafici");
  const post = (azione: string, oggetto: string) =>
    s.http.post("/moonfobl/accesso/gasprp_salute").type("form").send({
      codice_ente: "c_v001",
      codice_modulo: "CERT_ANAG",
      back_url: "http://comune-a.localhost:3000/area-personale/attivita",
      codiceFiscale: GIULIA,
      oggetto,
      azione,
    });
  expect((await post("invia", "")).status).toBe(400);
  const sent = await post("invia", "Certificato di nascita");
  expect(sent.status).toBe(200);
  expect(sent.text).toContain("Richiesta inviata");
  expect(sent.text).toContain('href="http://comune-a.localhost:3000/area-personale/attivita"');
  expect((await post("bozza", "")).text).toContain("Bozza salvata");
  const giulia = await session(s.app, GIULIA);
  const list = await s.get("/api/moon/istanze-paginate?limit=10", giulia, await s.token(giulia));
  expect(list.body.items.map((i: { stato: { codice: string } }) => i.stato.codice)).toEqual([
    "BOZZA",
    "INVIATA",
    "INVIATA",
  ]);
});
