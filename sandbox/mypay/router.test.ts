import { expect, test } from "vitest";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { pdfQrMatrix, pdfTextLines, qrMatrix } from "../pdf-reading.ts";
import { ANNA, MARIO, mypayIuv } from "./state.ts";

const { app, http, store } = createTestSandbox();

const payer = {
  tipo: "F",
  codiceIdentificativo: ANNA,
  anagrafica: "Anna Esposito",
  email: "anna.esposito@example.org",
};
const body = { codTipo: "CANONE_MERCATO", importo: 12.5, causale: "Posteggio 14", pagatore: payer };
const post = (path: string, payload: unknown, key?: string, host: string = hosts.a) => {
  const req = http.post(`/api-public/mypay/${path}`).set("X-Forwarded-Host", host);
  if (key) req.set("Idempotency-Key", key);
  return req.send(payload as object);
};

test("tipologie: all types with spontaneo and datiSpecificiRiscossione, searchable; MYPAY only on comune-a", async () => {
  const all = await http.get("/api-public/mypay/tipologie").set("X-Forwarded-Host", hosts.a);
  expect(all.status).toBe(200);
  expect(all.body.tipologie).toHaveLength(3);
  expect(all.body.tipologie[0]).toMatchObject({
    codTipo: "DIRITTI_SEGRETERIA",
    spontaneo: true,
    noteObbligatorie: true,
    datiSpecificiRiscossione: "9/0101100IM",
  });
  expect(all.body.tipologie.some((t: { spontaneo: boolean }) => !t.spontaneo)).toBe(true);
  const found = await http
    .get("/api-public/mypay/tipologie?descrizione=mercato")
    .set("X-Forwarded-Host", hosts.a);
  expect(found.body.tipologie.map((t: { codTipo: string }) => t.codTipo)).toEqual(["CANONE_MERCATO"]);
  expect((await http.get("/api-public/mypay/tipologie").set("X-Forwarded-Host", hosts.b)).status).toBe(404);
});

test("importaDovuto: a notice PDF with codice avviso, amount, creditor CF and QR; no idempotency; rules", async () => {
  const first = await post("importaDovuto", body, "key-notice-1");
  expect(first.status).toBe(201);
  expect(first.body.codiceAvviso).toBe(`3${first.body.iuv}`);
  const pdf = Buffer.from(first.body.avvisoPdf, "base64").toString("latin1");
  expect(pdf.startsWith("%PDF-")).toBe(true);
  expect(pdf).toContain(`Codice avviso: ${first.body.codiceAvviso}`);
  expect(pdf).toContain("EUR 12,50");
  expect(pdf).not.toContain("PAGOPA|002");
  expect(pdfQrMatrix(pdf)).toEqual(qrMatrix(`PAGOPA|002|${first.body.codiceAvviso}|80012340011|1250`));
  expect(pdfTextLines(pdf).join("\n")).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  // The same Idempotency-Key again: a second due (the BFF's proxy drops the header; the portal keeps its own).
  const again = await post("importaDovuto", body, "key-notice-1");
  expect(again.status).toBe(201);
  expect(again.body.iuv).not.toBe(first.body.iuv);

  const check = await http
    .get(`/api-public/mypay/verificaAvviso/${first.body.codiceAvviso}`)
    .set("X-Forwarded-Host", hosts.a);
  expect(check.body).toMatchObject({ iuv: first.body.iuv, importo: 12.5, stato: "DA_PAGARE" });

  // Required notes, non-spontaneous types, bad amounts.
  expect((await post("importaDovuto", { ...body, codTipo: "DIRITTI_SEGRETERIA", causale: "" })).status).toBe(
    400,
  );
  expect((await post("importaDovuto", { ...body, codTipo: "LAMPADE_VOTIVE" })).status).toBe(422);
  expect((await post("importaDovuto", { ...body, importo: 0 })).status).toBe(400);
  expect((await post("importaDovuto", { ...body, importo: 1.234 })).status).toBe(400);
  expect((await post("importaDovuto", body, undefined, hosts.b)).status).toBe(404);
});

test("importaDovutoImmediato: paid through the checkout stand-in; verificaAvviso and posizioni show it paid", async () => {
  await http.post(`/__sandbox/citizens/${ANNA}/reset`);
  // Whatever origin a header names, the checkout returns to the one configured for the municipality.
  const created = await post("importaDovutoImmediato", body).set("X-Portal-Origin", "http://evil.example");
  expect(created.status).toBe(201);
  const path = new URL(created.body.urlPagamento).pathname;
  const page = await http.get(path);
  expect(page.text).toContain("Simulazione pagoPA");
  expect(page.text).toContain("€ 12,50");
  expect(page.text).toContain("Posteggio 14");
  const pay = await http.post(`${path}/paga`);
  expect(pay.headers.location).toBe(
    `http://comune-a.localhost:3000/servizi/pagamento-esito?iuv=${created.body.iuv}&codEsito=000&descEsito=Pagamento+eseguito`,
  );
  const check = await http
    .get(`/api-public/mypay/verificaAvviso/3${created.body.iuv}`)
    .set("X-Forwarded-Host", hosts.a);
  expect(check.body.stato).toBe("PAGATO");

  const cookie = await loginAs(app, ANNA, hosts.a);
  const mine = await http
    .get(`/api/mypay/posizioni/${ANNA}`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie);
  expect(mine.status).toBe(200);
  expect(mine.body.posizioni.find((p: { iuv: string }) => p.iuv === created.body.iuv).stato).toBe("PAGATO");

  await http.post(`/__sandbox/citizens/${ANNA}/reset`);
  const reset = await http
    .get(`/api/mypay/posizioni/${ANNA}`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie);
  expect(reset.body.posizioni.map((p: { stato: string }) => p.stato)).toEqual([
    "PAGATO",
    "DA_PAGARE",
    "DA_PAGARE",
  ]);
  expect(
    Object.values(store.state.ppay.checkouts).some((c) => c.engine === "mypay" && c.codFisc === ANNA),
  ).toBe(false);
});

test("posizioni: own fiscal code only (another citizen 403, anonymous 401); unknown notice 404", async () => {
  const cookie = await loginAs(app, MARIO, hosts.a);
  const get = (cf: string) =>
    http.get(`/api/mypay/posizioni/${cf}`).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
  const mine = await get(MARIO);
  expect(mine.body.posizioni).toEqual([
    expect.objectContaining({
      iuv: mypayIuv("comune-a", 4),
      stato: "ANNULLATO",
      descrizioneTipo: "Diritti di segreteria",
    }),
    expect.objectContaining({ iuv: mypayIuv("comune-a", 5), stato: "DA_PAGARE", importo: 75.25 }),
  ]);
  expect((await get(ANNA)).status).toBe(403);
  expect((await http.get(`/api/mypay/posizioni/${MARIO}`).set("X-Forwarded-Host", hosts.a)).status).toBe(401);
  const unknown = await http
    .get(`/api-public/mypay/verificaAvviso/3${"1".repeat(17)}`)
    .set("X-Forwarded-Host", hosts.a);
  expect(unknown.status).toBe(404);
});

test("issue #40: who created a due; a paid due's receipt (own fiscal code; the payer's public read by notice code)", async () => {
  await http.post(`/__sandbox/citizens/${ANNA}/reset`);
  const cookie = await loginAs(app, ANNA, hosts.a);
  const mine = (cf: string, path = "") =>
    http.get(`/api/mypay/posizioni/${cf}${path}`).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
  const seeded = (await mine(ANNA)).body.posizioni as { iuv: string; creatoDa: string }[];
  expect(seeded.every((p) => p.creatoDa === "ENTE")).toBe(true);
  const created = await post("importaDovuto", body, "key-created-by");
  const check = await http
    .get(`/api-public/mypay/verificaAvviso/${created.body.codiceAvviso}`)
    .set("X-Forwarded-Host", hosts.a);
  expect(check.body.creatoDa).toBe("PAGATORE");

  const paid = mypayIuv("comune-a", 1);
  const receipt = await mine(ANNA, `/${paid}/ricevuta`);
  expect(receipt.status).toBe(200);
  expect(receipt.body.iuv).toBe(paid);
  const lines = pdfTextLines(Buffer.from(receipt.body.ricevutaPdf, "base64").toString("latin1")).join("\n");
  expect(lines).toContain("Ricevuta di pagamento pagoPA");
  expect(lines).toContain("Data pagamento: 12 novembre 2025");
  expect(lines).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  expect((await mine(ANNA, `/${mypayIuv("comune-a", 2)}/ricevuta`)).status).toBe(404); // to pay
  expect((await mine(MARIO, `/${mypayIuv("comune-a", 4)}/ricevuta`)).status).toBe(403); // another citizen

  const publicRead = (code: string, cf: string) =>
    http
      .get(`/api-public/mypay/verificaAvviso/${code}/ricevuta`)
      .query({ codiceFiscale: cf })
      .set("X-Forwarded-Host", hosts.a);
  expect((await publicRead(`3${paid}`, ANNA)).status).toBe(200);
  expect((await publicRead(`3${paid}`, MARIO)).status).toBe(404); // not the payer
  expect((await publicRead(`3${mypayIuv("comune-a", 2)}`, ANNA)).status).toBe(404); // not paid
});
