import { expect, test } from "vitest";
import { DelegantiByServiceSchema } from "#shared/api/deleghe.ts";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { seedIuv } from "../ppay/positions.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

// The sandbox's side of acting for a delegator (docs/decisions/upstream-writes.md): a call made for a delegator carries
// the delegator's fiscal code where the call has one (no header: the BFF's proxies would drop it). It is answered only
// when the caller holds a delegation from that fiscal code, APPROVATA and live, for a service of the called module;
// gaps mode trusts whatever fiscal code is sent, as the real upstream does.

const { MARIO, GIULIA, LUCA, ANNA } = CITIZENS;
const ANNA_TO_MARIO = "dlg-a-0001";

function setup(gaps = false) {
  const s = createTestSandbox({ gaps });
  // Whatever delegation headers a caller sends never reach the services (they are sent here to prove it).
  const get = (path: string, cookie: string) =>
    s.http
      .get(path)
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", cookie)
      .set("X-Delega-Id", ANNA_TO_MARIO)
      .set("X-Delega-Codice-Fiscale", ANNA);
  return { ...s, get };
}
const positions = (cf: string) => `/api/ppay/citizens/${cf}/debtpositions?currentPage=1&elements=10`;

test("deleganti-by-service lists the caller's live approved delegators for that service only", async () => {
  const s = setup();
  const mario = await loginAs(s.app, MARIO);
  const listed = DelegantiByServiceSchema.parse(
    (await s.get("/api/deleghe/deleganti-by-service/104", mario)).body,
  );
  expect(listed.map((d) => [d.codiceFiscale, d.deleghe.map((x) => x.uuidDelega)])).toEqual([
    [ANNA, [ANNA_TO_MARIO]],
  ]);
  expect((await s.get("/api/deleghe/deleganti-by-service/101", mario)).body).toEqual([]);
  // Luca's delegation from Mario for 104 was withdrawn: not listed (gaps mode lists it, with its status).
  const luca = await loginAs(s.app, LUCA);
  expect((await s.get("/api/deleghe/deleganti-by-service/104", luca)).body).toEqual([]);
  const gaps = setup(true);
  const lucaGaps = await loginAs(gaps.app, LUCA);
  const all = DelegantiByServiceSchema.parse(
    (await gaps.get("/api/deleghe/deleganti-by-service/104", lucaGaps)).body,
  );
  expect(all[0]?.deleghe[0]?.stato).toBe("RITIRATA");
});

test("a PPAY call for a delegator needs a live delegation from that fiscal code to the caller, for a PPAY service", async () => {
  const s = setup();
  const mario = await loginAs(s.app, MARIO);
  const luca = await loginAs(s.app, LUCA);
  const ok = await s.get(positions(ANNA), mario).expect(200);
  expect(JSON.stringify(ok.body)).toContain(seedIuv("comune-a", ANNA, 6));
  // Another delegate, another delegator: 403.
  await s.get(positions(ANNA), luca).expect(403);
  await s.get(positions(GIULIA), mario).expect(403);
  // The payment URL of Anna's position (PPAY's call names no citizen): for her delegate, not for anyone else.
  const iuv = seedIuv("comune-a", ANNA, 6);
  await s.get(`/api/ppay/debtpositions/${iuv}/payment`, luca).expect(404);
  await s.get(`/api/ppay/debtpositions/${iuv}/payment`, mario).expect(200);
  // Withdrawn: refused from then on.
  s.store.state.deleghe.byTenant["comune-a"]!.find((d) => d.uuidDelega === ANNA_TO_MARIO)!.stato = "RITIRATA";
  await s.get(positions(ANNA), mario).expect(403);
  await s.get(`/api/ppay/debtpositions/${iuv}/payment`, mario).expect(404);
});

test("gaps mode trusts whatever fiscal code is sent (the portal must check)", async () => {
  const s = setup(true);
  const luca = await loginAs(s.app, LUCA);
  await s.get(positions(ANNA), luca).expect(200);
});

test("an appointment for a delegator needs a live delegation that includes an appointment service", async () => {
  const s = setup();
  const mario = await loginAs(s.app, MARIO);
  // Anna's delegation to Mario covers the TARI and the certificates, no appointment service: 403.
  await s.get("/api/appsched/appointments?codice_fiscale=" + ANNA, mario).expect(403);
  const delega = s.store.state.deleghe.byTenant["comune-a"]!.find((d) => d.uuidDelega === ANNA_TO_MARIO)!;
  delega.servizi.push(101);
  const listed = await s.get("/api/appsched/appointments?codice_fiscale=" + ANNA, mario).expect(200);
  expect(Array.isArray(listed.body)).toBe(true);
  // A booking naming Anna is hers; Mario's own list does not show it, Anna's does, and Mario may read it by id.
  const slot = {
    start: "2027-04-06 09:00:00",
    notes: "(1) Carta d'identità - per Anna",
    providerId: "any-provider",
  };
  const booked = await s.http
    .post("/api/appsched/appointments")
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", mario)
    .send({
      book: new Date().toISOString(),
      ...slot,
      serviceId: "11",
      customer: { firstName: "Anna", lastName: "Esposito", email: "", codice_fiscale: ANNA },
    })
    .expect(201);
  const own = await s.get("/api/appsched/appointments?codice_fiscale=" + MARIO, mario).expect(200);
  expect(own.body.map((a: { id: string }) => String(a.id))).not.toContain(String(booked.body.id));
  const hers = await s.get("/api/appsched/appointments?codice_fiscale=" + ANNA, mario).expect(200);
  expect(hers.body.map((a: { id: string }) => String(a.id))).toContain(String(booked.body.id));
  await s.get(`/api/appsched/appointments/${booked.body.id}`, mario).expect(200);
  // Withdrawn: Anna's appointment by id is "not found" for Mario.
  delega.stato = "RITIRATA";
  await s.get(`/api/appsched/appointments/${booked.body.id}`, mario).expect(404);
});
