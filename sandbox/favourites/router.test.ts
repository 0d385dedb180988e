import { expect, test } from "vitest";
import { asText, createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const { ANNA, MARIO } = CITIZENS;

test("favourites per citizen and municipality, with the BFF's answers", async () => {
  const { app, http } = createTestSandbox();
  const anna = await loginAs(app, ANNA, hosts.a);
  // The list is JSON, or the literal `[]` the BFF writes for a citizen without favourites (valid JSON too).
  const get = (cookie: string, host: string) =>
    http.get("/api/preferenze").set("X-Forwarded-Host", host).set("Cookie", cookie);
  expect((await get(anna, hosts.a)).body).toEqual([101, 104]);
  const annaB = await loginAs(app, ANNA, hosts.b);
  expect((await get(annaB, hosts.b)).body).toEqual([202]);
  const mario = await loginAs(app, MARIO, hosts.a);
  expect((await get(mario, hosts.a)).body).toEqual([]);

  const add = await http
    .post("/api/preferenze/105")
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", anna)
    .parse(asText);
  expect(add.status).toBe(200);
  // The BFF's plain string, raw under a JSON label.
  expect(add.headers["content-type"]).toMatch(/^application\/json/);
  expect(add.body).toBe("Preferenza aggiunta con Successo");
  const again = await http.post("/api/preferenze/105").set("X-Forwarded-Host", hosts.a).set("Cookie", anna);
  expect(again.status).toBe(400);
  expect(again.body.title).toBe("Preferenza già aggiunta");
  expect((await get(anna, hosts.a)).body).toEqual([101, 104, 105]);
  expect((await get(mario, hosts.a)).body).toEqual([]);

  const unknown = await http.post("/api/preferenze/999").set("X-Forwarded-Host", hosts.a).set("Cookie", anna);
  expect(unknown.status).toBe(400);
  const removed = await http
    .delete("/api/preferenze/101")
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", anna)
    .parse(asText);
  expect(removed.status).toBe(200);
  expect(removed.body).toBe("Preferenza eliminata con successo");
  const none = await http.delete("/api/preferenze/101").set("X-Forwarded-Host", hosts.a).set("Cookie", anna);
  expect(none.status).toBe(400);
  expect(none.body.title).toBe("Nessuna corrispondenza trovata");
  expect((await get(anna, hosts.a)).body).toEqual([104, 105]);

  expect((await http.get("/api/preferenze").set("X-Forwarded-Host", hosts.a)).status).toBe(401);

  await http.post(`/__sandbox/citizens/${ANNA}/reset`);
  expect((await get(anna, hosts.a)).body).toEqual([101, 104]);
});
