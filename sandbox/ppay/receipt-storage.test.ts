import { expect, test } from "vitest";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const anna = CITIZENS.ANNA;
const giulia = CITIZENS.GIULIA;

test("the receipt archiving flag per municipality, only the citizen's own, restored by reset", async () => {
  const { app, http } = createTestSandbox();
  const cookie = await loginAs(app, giulia);
  const get = (cf: string, host: string = hosts.a) =>
    http.get(`/api/ppay/citizens/${cf}`).set("X-Forwarded-Host", host).set("Cookie", cookie);
  expect((await get(giulia)).body.flag).toBe(false);
  expect((await get(anna)).status).toBe(403);
  await http
    .put(`/api/ppay/citizens/${giulia}?enableReceiptStorage=true`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie)
    .expect(200);
  expect((await get(giulia)).body.flag).toBe(true);
  expect((await get(giulia, hosts.b)).body.flag).toBe(false);
  await http.post(`/__sandbox/citizens/${giulia}/reset`).expect(200);
  expect((await get(giulia)).body.flag).toBe(false);

  const annaCookie = await loginAs(app, anna);
  const annas = await http
    .get(`/api/ppay/citizens/${anna}`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", annaCookie);
  expect(annas.body.flag).toBe(true);
});
