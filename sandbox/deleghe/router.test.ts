import { expect, test } from "vitest";
import { DelegaPageSchema, DelegaSchema } from "#shared/api/deleghe.ts";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { addDays } from "./state.ts";
import { todayInRome } from "#shared/dates.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const { MARIO, GIULIA, LUCA } = CITIZENS;
const today = todayInRome();

function setup(gaps = false) {
  const s = createTestSandbox({ gaps });
  const on = (host: string = hosts.a) => ({
    get: (path: string, cookie: string) =>
      s.http.get(path).set("X-Forwarded-Host", host).set("Cookie", cookie),
    post: (path: string, cookie: string, body: object) =>
      s.http.post(path).set("X-Forwarded-Host", host).set("Cookie", cookie).send(body),
    patch: (path: string, cookie: string, body: object) =>
      s.http.patch(path).set("X-Forwarded-Host", host).set("Cookie", cookie).send(body),
    put: (path: string, cookie: string) =>
      s.http.put(path).set("X-Forwarded-Host", host).set("Cookie", cookie),
  });
  return { ...s, a: on(), b: on(hosts.b) };
}

const ids = (body: unknown) => DelegaPageSchema.parse(body).items.map((d) => d.uuidDelega);

test("each side sees its own lists, with the §5 filters and paging, in our payload", async () => {
  const s = setup();
  const mario = await loginAs(s.app, MARIO);
  const delegati = await s.a.get("/api/deleghe", mario);
  expect(delegati.status).toBe(200);
  expect(ids(delegati.body)).toEqual(["dlg-a-0002", "dlg-a-0003", "dlg-a-0004"]);
  const expired = DelegaPageSchema.parse(delegati.body).items.find((d) => d.uuidDelega === "dlg-a-0004");
  expect(expired?.stato).toBe("SCADUTA");
  const deleganti = DelegaPageSchema.parse((await s.a.get("/api/deleghe?ruolo=delegato", mario)).body);
  expect(deleganti.items.map((d) => [d.uuidDelega, d.stato])).toEqual([["dlg-a-0001", "APPROVATA"]]);
  expect(deleganti.items[0]!.servizi.map((x) => x.titolo)).toEqual([
    "Pagamento TARI",
    "Certificati anagrafici",
  ]);
  expect(ids((await s.a.get("/api/deleghe?stato=RITIRATA", mario)).body)).toEqual(["dlg-a-0003"]);
  expect(ids((await s.a.get("/api/deleghe?idServizio=101", mario)).body)).toEqual(["dlg-a-0002"]);
  const paged = DelegaPageSchema.parse((await s.a.get("/api/deleghe?per_page=2&page=2", mario)).body);
  expect([paged.totalElements, paged.items.length, paged.page]).toEqual([3, 1, 2]);
  const luca = await loginAs(s.app, LUCA);
  const requests = DelegaPageSchema.parse((await s.a.get("/api/richieste-delega", luca)).body);
  expect(requests.items.map((d) => d.stato)).toEqual(["ATTESA_OPERATORE", "RIFIUTATA"]);
  expect(requests.items[1]!.motivo).toMatch(/non è firmato/);
  expect(requests.items[0]!.richiesta?.allegati.map((a) => a.slot)).toEqual([
    "CI_FRONTE",
    "CI_RETRO",
    "MODULO_DELEGA",
  ]);
  expect(
    ids((await s.a.get(`/api/deleghe?ruolo=delegato&codiceFiscaleDelegante=${GIULIA}`, luca)).body),
  ).toEqual(["dlg-a-0005"]);
  expect((await s.a.get("/api/deleghe?stato=BOH", luca)).status).toBe(400);
});

test("only where the asset is on, and only for a logged-in citizen", async () => {
  const s = setup();
  // Montealto has the asset (with its own 90 days); switched off, its calls are 404.
  const onB = await loginAs(s.app, MARIO, hosts.b);
  const montealto = s.store.tenants.find((t) => t.id === "comune-b")!;
  expect(montealto.assets.find((a) => a.codice === "DELEGHE")?.delegheMaxDays).toBe(90);
  expect((await s.b.get("/api/deleghe", onB)).status).toBe(200);
  montealto.assets = montealto.assets.filter((a) => a.codice !== "DELEGHE");
  expect((await s.b.get("/api/deleghe", onB)).status).toBe(404);
  expect((await s.b.post("/api/richiesta-delega", onB, {})).status).toBe(404);
  expect((await s.a.get("/api/deleghe", "")).status).toBe(401);
});

test("a request with the three documents, each checked by its bytes, waits for the operator", async () => {
  const s = setup();
  const luca = await loginAs(s.app, LUCA);
  const b64 = (text: string | Buffer) => Buffer.from(text).toString("base64");
  const png =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  const body = {
    delegante: { codiceFiscale: GIULIA, nome: "Giulia", cognome: "Bianchi" },
    servizi: [108],
    dataScadenza: addDays(today, 30),
    allegati: [
      { slot: "CI_FRONTE", nomeFile: "f.png", tipo: "image/png", dati: png },
      { slot: "CI_RETRO", nomeFile: "r.png", tipo: "image/png", dati: png },
      { slot: "MODULO_DELEGA", nomeFile: "m.pdf", tipo: "application/pdf", dati: b64("not a pdf") },
    ],
  };
  const fake = await s.a.post("/api/richiesta-delega", luca, body);
  expect(fake.status).toBe(400);
  expect(JSON.stringify(fake.body)).toContain("MODULO_DELEGA");
  const self = await s.a.post("/api/richiesta-delega", luca, {
    ...body,
    delegante: { codiceFiscale: LUCA, nome: "Luca", cognome: "Verdi" },
  });
  expect(self.status).toBe(400);
  body.allegati[2]!.dati = b64("%PDF-1.4\n%%EOF\n");
  const created = await s.a.post("/api/richiesta-delega", luca, body);
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ stato: "ATTESA_OPERATORE", delegante: { codiceFiscale: GIULIA } });
  expect(created.body.richiesta.allegati).toHaveLength(3);
  const requests = await s.a.get("/api/richieste-delega", luca);
  expect(ids(requests.body)).toContain(created.body.uuidDelega);
});

test("online: the delegator creates, the delegate is told and accepts, the delegator withdraws", async () => {
  const s = setup();
  const mario = await loginAs(s.app, MARIO);
  const luca = await loginAs(s.app, LUCA);
  const body = {
    delegato: { codiceFiscale: LUCA, nome: "Luca", cognome: "Verdi" },
    servizi: [104],
    dataScadenza: addDays(today, 30),
  };
  const created = await s.a.post("/api/deleghe", mario, body);
  expect(created.status).toBe(201);
  const delega = DelegaSchema.parse(created.body);
  expect(delega.stato).toBe("ATTESA_DELEGATO");
  expect(s.store.state.messages[LUCA]?.some((m) => m.mex.title === "Nuova delega da accettare")).toBe(true);
  const path = `/api/deleghe/${delega.uuidDelega}`;
  // The delegator cannot accept their own, the delegate cannot withdraw it.
  expect((await s.a.patch(path, mario, { azione: "ACCETTA" })).status).toBe(404);
  expect((await s.a.patch(path, luca, { azione: "RITIRA" })).status).toBe(404);
  expect((await s.a.patch(path, luca, { azione: "ACCETTA" })).body.stato).toBe("APPROVATA");
  expect((await s.a.patch(path, luca, { azione: "RIFIUTA" })).status).toBe(409);
  expect((await s.a.patch(path, mario, { azione: "RITIRA" })).body.stato).toBe("RITIRATA");
  expect((await s.a.patch(path, mario, { azione: "RITIRA" })).status).toBe(409);
});

test("creation checks the delegate, the services and the end date", async () => {
  const s = setup();
  const mario = await loginAs(s.app, MARIO);
  const valid = {
    delegato: { codiceFiscale: LUCA, nome: "Luca", cognome: "Verdi" },
    servizi: [104],
    dataScadenza: addDays(today, 30),
  };
  for (const wrong of [
    { ...valid, delegato: { ...valid.delegato, codiceFiscale: MARIO } },
    { ...valid, delegato: { ...valid.delegato, codiceFiscale: "RSSMRA80A01H501X" } },
    { ...valid, servizi: [103] },
    { ...valid, servizi: [] },
    { ...valid, dataScadenza: addDays(today, 366) },
    { ...valid, dataScadenza: today },
  ]) {
    expect((await s.a.post("/api/deleghe", mario, wrong)).status).toBe(400);
  }
  expect(
    (await s.a.post("/api/deleghe", mario, { ...valid, dataScadenza: addDays(today, 365) })).status,
  ).toBe(201);
});

test("requests: the requester cancels and downloads; the operator decides; another citizen gets 404 except in gaps mode", async () => {
  for (const gaps of [false, true]) {
    const s = setup(gaps);
    const luca = await loginAs(s.app, LUCA);
    const mario = await loginAs(s.app, MARIO);
    const file = await s.a.get("/api/richiesta-delega/dlg-a-0005/allegati/MODULO_DELEGA", luca);
    expect([file.status, file.type]).toEqual([200, "application/pdf"]);
    const foreign = await s.a.get("/api/richiesta-delega/dlg-a-0005/allegati/MODULO_DELEGA", mario);
    expect(foreign.status).toBe(gaps ? 200 : 404);
    expect((await s.a.patch("/api/deleghe/dlg-a-0001", luca, { azione: "RITIRA" })).status).toBe(
      gaps ? 200 : 404,
    );
    const control = await s.http
      .post("/__sandbox/deleghe/richieste/dlg-a-0005/esito")
      .send({ comune: "comune-a", esito: "RIFIUTATA" });
    expect(control.status).toBe(400);
    if (gaps) {
      const approved = await s.http
        .post("/__sandbox/deleghe/richieste/dlg-a-0005/esito")
        .send({ comune: "comune-a", esito: "APPROVATA" });
      expect(approved.body.stato).toBe("APPROVATA");
    } else {
      expect((await s.a.put("/api/richiesta-delega/dlg-a-0005/annullamento", luca)).body.stato).toBe(
        "RITIRATA",
      );
      expect((await s.a.put("/api/richiesta-delega/dlg-a-0005/annullamento", luca)).status).toBe(409);
    }
  }
});
