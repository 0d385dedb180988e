import { describe, expect, test } from "vitest";
import { createTestSandbox, hosts, loginAs, maintenanceBasic } from "#tests/support/test-sandbox.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const MARIO = CITIZENS.MARIO;
const base = `/api/notificatore/messagestore/users/${MARIO}/messages`;
const valverde = JSON.stringify({ tag: { match: "+citfac c_v001 -deleted" } });

describe("message store routes", () => {
  const { app, http } = createTestSandbox();

  test("lists the caller's messages with the paging headers", async () => {
    const cookie = await loginAs(app, MARIO, hosts.a);
    const res = await http
      .get(base)
      .query({ filter: valverde, limit: 15, sort: "-timestamp" })
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", cookie);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(15);
    expect(res.headers["total-elements"]).toBe("20");
    expect(res.headers["total-elements-not-read"]).toBe("18");
    expect(res.headers["total-pages"]).toBe("2");
    expect(res.headers["page-size"]).toBe("15");
    const bad = await http
      .get(base)
      .query({ filter: "{" })
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", cookie);
    expect(bad.status).toBe(400);
  });

  test("another citizen's fiscal code is 403, anonymous 401", async () => {
    const cookie = await loginAs(app, CITIZENS.GIULIA, hosts.a);
    const other = await http.get(base).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
    expect(other.status).toBe(403);
    const anonymous = await http.get(base).set("X-Forwarded-Host", hosts.a);
    expect(anonymous.status).toBe(401);
  });

  test("a municipality without NOTIFICATIONS has no message store", async () => {
    const cookie = await loginAs(app, MARIO, hosts.a);
    const res = await http
      .get(base)
      .set("X-Forwarded-Host", hosts.c)
      .set("Authorization", maintenanceBasic)
      .set("Cookie", cookie);
    expect(res.status).toBe(404);
  });

  test("marks read, soft-deletes once, then 400; unknown is 404; reset restores the citizen", async () => {
    const cookie = await loginAs(app, MARIO, hosts.a);
    const put = await http
      .put(`${base}/status`)
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", cookie)
      .send([{ id: "rssmra-a-02", read_at: true }]);
    expect(put.status).toBe(200);
    expect(put.body[0].read_at).toEqual(expect.any(String));
    const del = () =>
      http.delete(`${base}/rssmra-a-02`).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
    expect((await del()).status).toBe(200);
    expect((await del()).status).toBe(400);
    const unknown = await http.delete(`${base}/nope`).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
    expect(unknown.status).toBe(404);
    expect((await http.post(`/__sandbox/citizens/${MARIO}/reset`)).status).toBe(200);
    const after = await http
      .get(base)
      .query({ filter: valverde })
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", cookie);
    expect(after.headers["total-elements"]).toBe("20");
    expect(after.headers["total-elements-not-read"]).toBe("18");
  });
});
