import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { CITIZENS, HOSTS, UPSTREAM_HOSTS, signIn } from "#tests/support/portal-requests.ts";

// Opening a message marks it read only when the citizen opened it from the portal (or typed its address): a link
// on another site must not change the citizen's data by a GET. Production build, real app, sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const HOST = HOSTS.a;
const UPSTREAM_HOST = UPSTREAM_HOSTS.a;
const MARIO = CITIZENS.MARIO;

async function citizenCookie(): Promise<string> {
  await request(sandbox.url).post(`/__sandbox/citizens/${MARIO}/reset`).expect(200);
  return signIn(sandbox.url, MARIO);
}

/** Mario's unread message ids, straight from the upstream store. */
async function unreadIds(cookie: string): Promise<string[]> {
  const res = await request(sandbox.url)
    .get(`/api/notificatore/messagestore/users/${MARIO}/messages`)
    .query({ filter: JSON.stringify({ read_at: { null: true } }), limit: 100, offset: 0, sort: "-timestamp" })
    .set("X-Forwarded-Host", UPSTREAM_HOST)
    .set("Cookie", cookie)
    .expect(200);
  // comune-a's messages (the portal shows each municipality only its own).
  return (res.body as Array<{ id: string }>).map((m) => m.id).filter((id) => id.startsWith("rssmra-a-"));
}

const app = () => testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;
const open = (id: string, cookie: string, headers: Record<string, string>) =>
  request(app()).get(`/area-personale/messaggi/${id}`).set("Host", HOST).set("Cookie", cookie).set(headers);

describe("opening a message", () => {
  test("from another site's link (Sec-Fetch-Site: cross-site) shows it and leaves it unread", async () => {
    const cookie = await citizenCookie();
    const [id] = await unreadIds(cookie);
    const page = await open(id!, cookie, { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" });
    expect(page.status).toBe(200);
    expect(await unreadIds(cookie)).toContain(id);
    // A same-site page (another municipality's host under the same site) is another site's link too.
    await open(id!, cookie, { "Sec-Fetch-Site": "same-site" }).expect(200);
    expect(await unreadIds(cookie)).toContain(id);
  });

  test("without any same-origin evidence (no Sec-Fetch-Site, no or a foreign Referer) leaves it unread", async () => {
    const cookie = await citizenCookie();
    const [id] = await unreadIds(cookie);
    await open(id!, cookie, {}).expect(200);
    await open(id!, cookie, { Referer: "https://attacker.example/mail" }).expect(200);
    expect(await unreadIds(cookie)).toContain(id);
  });

  test("from the portal's own list (same-origin), or a typed address or bookmark (none), marks it read", async () => {
    const cookie = await citizenCookie();
    const [first, second, third] = await unreadIds(cookie);
    await open(first!, cookie, { "Sec-Fetch-Site": "same-origin" }).expect(200);
    await open(second!, cookie, { "Sec-Fetch-Site": "none" }).expect(200);
    // A browser that sends no Sec-Fetch-* headers: the portal's own Referer.
    await open(third!, cookie, { Referer: `http://${HOST}/area-personale/messaggi` }).expect(200);
    const unread = await unreadIds(cookie);
    expect(unread).not.toContain(first);
    expect(unread).not.toContain(second);
    expect(unread).not.toContain(third);
  });
});
