import { expect, test } from "vitest";
import { asText, createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { pdfQrMatrix, pdfTextLines, qrMatrix } from "../pdf-reading.ts";
import { readListQuery, seedIuv } from "./positions.ts";
import { portalReturnBase } from "./checkout.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const { ANNA, MARIO } = CITIZENS;
const { app, http, store } = createTestSandbox();

const get = (path: string, cookie: string, host: string = hosts.a) =>
  http.get(path).set("X-Forwarded-Host", host).set("Cookie", cookie);

test("Anna's positions: sorted by IUV descending, paged, filtered by status (PAYED/NOT_PAYED and 0/1)", async () => {
  const cookie = await loginAs(app, ANNA, hosts.a);
  const page1 = await get(
    `/api/ppay/citizens/${ANNA}/debtpositions?currentPage=1&elements=5&sort=-iuv`,
    cookie,
  );
  expect(page1.status).toBe(200);
  expect(page1.body).toMatchObject({ currentPage: 1, totalElements: 6, totPages: 2, pageSize: 5 });
  const iuvs = page1.body.debtPositions.map((p: { iuv: string }) => p.iuv);
  expect(iuvs).toEqual([...iuvs].sort().reverse());
  const page2 = await get(`/api/ppay/citizens/${ANNA}/debtpositions?currentPage=2&elements=5`, cookie);
  expect(page2.body.debtPositions).toHaveLength(1);

  for (const status of ["PAYED", "0"]) {
    const paid = await get(`/api/ppay/citizens/${ANNA}/debtpositions?status=${status}`, cookie);
    expect(
      paid.body.debtPositions.every((p: { codiceStatoPagamento: string }) => p.codiceStatoPagamento === "0"),
    ).toBe(true);
    expect(paid.body.totalElements).toBe(2);
  }
  const unpaid = await get(
    `/api/ppay/citizens/${ANNA}/debtpositions?status=NOT_PAYED&sort=%2Bimporto`,
    cookie,
  );
  const amounts = unpaid.body.debtPositions.map((p: { importo: number }) => p.importo);
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

  const bad = await get(`/api/ppay/citizens/${ANNA}/debtpositions?status=PAID`, cookie);
  expect(bad.status).toBe(400);
  expect(bad.body.code).toBe("VALIDATION_ERROR");
});

test("another citizen's fiscal code is 403, another citizen's IUV is 404, anonymous is 401", async () => {
  const cookie = await loginAs(app, ANNA, hosts.b);
  expect((await get(`/api/ppay/citizens/${MARIO}/debtpositions`, cookie, hosts.b)).status).toBe(403);
  const marioIuv = seedIuv("comune-b", MARIO, 1);
  expect(
    (await get(`/api/ppay/citizens/${ANNA}/debtpositions/${marioIuv}/paymentreceipt`, cookie, hosts.b))
      .status,
  ).toBe(404);
  expect(
    (await get(`/api/ppay/debtpositions/${seedIuv("comune-b", MARIO, 4)}/payment`, cookie, hosts.b)).status,
  ).toBe(404);
  expect(
    (await http.get(`/api/ppay/citizens/${ANNA}/debtpositions`).set("X-Forwarded-Host", hosts.b)).status,
  ).toBe(401);
});

test("receipts and notices are real PDFs with Italian dates; the notice draws the pagoPA QR code", async () => {
  const cookie = await loginAs(app, ANNA, hosts.a);
  const paid = seedIuv("comune-a", ANNA, 1);
  const receipt = await get(`/api/ppay/citizens/${ANNA}/debtpositions/${paid}/paymentreceipt`, cookie);
  expect(receipt.status).toBe(200);
  expect(Buffer.from(receipt.body.receipt, "base64").subarray(0, 5).toString()).toBe("%PDF-");
  const receiptLines = pdfTextLines(Buffer.from(receipt.body.receipt, "base64").toString("latin1"));
  expect(receiptLines).toContainEqual(
    expect.stringMatching(/^Data pagamento: \d{1,2} [a-z]+ \d{4}, \d{2}:\d{2}$/),
  );
  const unpaid = seedIuv("comune-a", ANNA, 6);
  expect(
    (await get(`/api/ppay/citizens/${ANNA}/debtpositions/${unpaid}/paymentreceipt`, cookie)).status,
  ).toBe(404);
  const notice = await get(`/api/ppay/citizens/${ANNA}/debtpositions/${unpaid}/paymentnotice`, cookie);
  const pdf = Buffer.from(notice.body.notice, "base64").toString("latin1");
  expect(pdf.startsWith("%PDF-")).toBe(true);
  expect(pdf).not.toContain("PAGOPA|002");
  expect(pdfQrMatrix(pdf)).toEqual(qrMatrix(`PAGOPA|002|3${unpaid}|80012340011|123450`));
  const lines = pdfTextLines(pdf);
  expect(lines).toContainEqual(expect.stringMatching(/^Scadenza: \d{1,2} [a-z]+ \d{4}$/));
  expect(lines.join("\n")).not.toMatch(/\d{4}-\d{2}-\d{2}/);
});

test("checkout stand-in: one URL per IUV, Paga marks the position paid and returns to the portal", async () => {
  const cookie = await loginAs(app, MARIO, hosts.a);
  const iuv = seedIuv("comune-a", MARIO, 4);
  const first = await get(`/api/ppay/debtpositions/${iuv}/payment`, cookie);
  expect(first.status).toBe(200);
  const second = await get(`/api/ppay/debtpositions/${iuv}/payment`, cookie);
  expect(new URL(second.body.paymentUrl).pathname).toBe(new URL(first.body.paymentUrl).pathname);
  const path = new URL(first.body.paymentUrl).pathname;
  const page = await http.get(path);
  expect(page.text).toContain("Simulazione pagoPA");
  expect(page.text).toContain("€ 96,40");

  // The return address is the one configured for the municipality (here the default, `npm start`'s portal).
  const cancel = await http.post(`${path}/annulla`);
  expect(cancel.status).toBe(303);
  expect(cancel.headers.location).toMatch(
    /^http:\/\/comune-a\.localhost:3000\/servizi\/pagamento-esito\?iuv=\d+&codEsito=100/,
  );

  await get(`/api/ppay/debtpositions/${iuv}/payment`, cookie);
  const pay = await http.post(`${path}/paga`);
  expect(pay.headers.location).toBe(
    `http://comune-a.localhost:3000/servizi/pagamento-esito?iuv=${iuv}&codEsito=000&descEsito=Pagamento+eseguito`,
  );
  const list = await get(`/api/ppay/citizens/${MARIO}/debtpositions?iuv=${iuv}`, cookie);
  expect(list.body.debtPositions[0]).toMatchObject({ codiceStatoPagamento: "0", presenzaQuietanza: true });
  expect((await get(`/api/ppay/debtpositions/${iuv}/payment`, cookie)).status).toBe(422);

  await http.post(`/__sandbox/citizens/${MARIO}/reset`);
  const again = await get(`/api/ppay/citizens/${MARIO}/debtpositions?iuv=${iuv}`, cookie);
  expect(again.body.debtPositions[0].codiceStatoPagamento).toBe("1");
  expect(store.state.ppay.checkouts).toEqual({});
});

test("the return origin is the configured one, with the municipality's portal host; the query reader", () => {
  const tenant = store.tenants.find((t) => t.id === "comune-b")!;
  expect(portalReturnBase({}, tenant)).toBe("http://comune-b.localhost:3000");
  expect(portalReturnBase({ portalOrigin: "http://{host}:3271" }, tenant)).toBe(
    "http://comune-b.localhost:3271",
  );
  expect(portalReturnBase({ portalOrigin: "https://{host}" }, tenant)).toBe("https://comune-b.localhost");
  // Not an http(s) origin: the municipality's own site, never a script address.
  expect(portalReturnBase({ portalOrigin: "javascript:alert(1)" }, tenant)).toBe(
    "https://servizi.comune.montealto.it",
  );
  expect(readListQuery({ sort: " iuv" })?.sort).toEqual({ field: "iuv", desc: false });
  expect(readListQuery({ elements: "1000" })).toBeNull();
  expect(readListQuery({ iuv: "123" })).toBeNull();
});

test("the PPAY privacy notice is an HTML string", async () => {
  const res = await http.get("/api-public/policy/ppay").set("X-Forwarded-Host", hosts.a).parse(asText);
  expect(res.status).toBe(200);
  expect(res.body).toContain("<p>");
});
