import { expect, test } from "vitest";
import { DelegantiByServiceSchema } from "#shared/api/deleghe.ts";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { seedIuv } from "../ppay/positions.ts";

// The sandbox's side of acting for a delegator (our contract, shared/api/deleghe.ts): a call naming a delegation in
// its headers is answered only when that delegation is APPROVATA and live, between the caller and that delegator, for
// a service of the called module; gaps mode trusts whatever is sent, as the real upstream does.

const MARIO = "RSSMRA80A01H501U";
const GIULIA = "BNCGLI85C55L219R";
const LUCA = "VRDLCU90E10F205V";
const ANNA = "SPSNNA75T48F839X";
const ANNA_TO_MARIO = "dlg-a-0001";

function setup(gaps = false) {
  const s = createTestSandbox({ gaps });
  const get = (path: string, cookie: string, delega?: { id: string; cf: string }) => {
    const req = s.http.get(path).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
    return delega ? req.set("X-Delega-Id", delega.id).set("X-Delega-Codice-Fiscale", delega.cf) : req;
  };
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

test("a PPAY call for a delegator needs a live delegation between the two, for a PPAY service", async () => {
  const s = setup();
  const mario = await loginAs(s.app, MARIO);
  const luca = await loginAs(s.app, LUCA);
  await s.get(positions(ANNA), mario).expect(403);
  const ok = await s.get(positions(ANNA), mario, { id: ANNA_TO_MARIO, cf: ANNA }).expect(200);
  expect(JSON.stringify(ok.body)).toContain(seedIuv("comune-a", ANNA, 6));
  // Another delegate, another delegator, the delegator's code not in the path: 403.
  await s.get(positions(ANNA), luca, { id: ANNA_TO_MARIO, cf: ANNA }).expect(403);
  await s.get(positions(GIULIA), mario, { id: ANNA_TO_MARIO, cf: GIULIA }).expect(403);
  await s.get(positions(MARIO), mario, { id: ANNA_TO_MARIO, cf: ANNA }).expect(403);
  // The payment URL of Anna's position: for her only under the delegation.
  const iuv = seedIuv("comune-a", ANNA, 6);
  await s.get(`/api/ppay/debtpositions/${iuv}/payment`, mario).expect(404);
  await s.get(`/api/ppay/debtpositions/${iuv}/payment`, luca, { id: ANNA_TO_MARIO, cf: ANNA }).expect(403);
  await s.get(`/api/ppay/debtpositions/${iuv}/payment`, mario, { id: ANNA_TO_MARIO, cf: ANNA }).expect(200);
  // Withdrawn: refused from then on.
  s.store.state.deleghe.byTenant["comune-a"]!.find((d) => d.uuidDelega === ANNA_TO_MARIO)!.stato = "RITIRATA";
  await s.get(positions(ANNA), mario, { id: ANNA_TO_MARIO, cf: ANNA }).expect(403);
});

test("gaps mode trusts whatever delegation is named (the portal must check)", async () => {
  const s = setup(true);
  const luca = await loginAs(s.app, LUCA);
  await s.get(positions(ANNA), luca, { id: "dlg-a-9999", cf: ANNA }).expect(200);
});

test("an appointment for a delegator needs a live delegation that includes an appointment service", async () => {
  const s = setup();
  const mario = await loginAs(s.app, MARIO);
  // Anna's delegation to Mario covers the TARI and the certificates, no appointment service: 403.
  await s
    .get("/api/appsched/appointments?codice_fiscale=" + ANNA, mario, { id: ANNA_TO_MARIO, cf: ANNA })
    .expect(403);
  const delega = s.store.state.deleghe.byTenant["comune-a"]!.find((d) => d.uuidDelega === ANNA_TO_MARIO)!;
  delega.servizi.push(101);
  const listed = await s
    .get("/api/appsched/appointments?codice_fiscale=" + ANNA, mario, { id: ANNA_TO_MARIO, cf: ANNA })
    .expect(200);
  expect(Array.isArray(listed.body)).toBe(true);
});
