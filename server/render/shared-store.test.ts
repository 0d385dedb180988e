import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox, type StartedSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { PortalBrowser, type Upload } from "#tests/support/portal-browser.ts";
import { CITIZENS, HOSTS, postForm } from "#tests/support/portal-requests.ts";
import { startRedis, type TestRedis } from "#tests/support/redis-server.ts";
import { useMemoryStore } from "#server/store/shared-store.ts";
import { redisBackend } from "#shared/store-port.server.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";

// Two portal apps (two replicas: createApp twice, the same secret, the same REDIS_URL) in front of one sandbox and one
// real redis-server: a flow's steps alternate between them, and Valkey going away and coming back mid-flow.
let sandbox: StartedSandbox;
let upstreamUrl: string;
let ssrHandler: RequestHandler;
let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
  sandbox = await startSandbox();
  upstreamUrl = sandbox.url;
  ssrHandler = await loadSsrHandler();
});
afterAll(async () => {
  await useMemoryStore();
  await redis.stop();
  await sandbox.close();
});

const A = "comune-a.localhost";
const GIULIA = CITIZENS.GIULIA;
const NEW = "/servizi/segnalazioni/nuova";
const TILES = "https://tiles.example.org/{z}/{x}/{y}.png";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const VALID = {
  intent: "dati",
  luogo: "Via Roma 12, Valverde",
  luogoScelto: "45.053;7.5215;Via Roma 12, Valverde",
  titolo: "Buca in strada",
  dettagli: "Profonda",
  categoria: "901",
  email: "giulia.bianchi@example.it",
};

const logs: string[][] = [];
const replica = (env: Record<string, string> = {}) => {
  const built = testApp({
    upstreamUrl,
    ssrHandler,
    mapTileUrl: TILES,
    env: { REDIS_URL: redis.url, ...env },
  });
  logs.push(built.logs.lines);
  return built.app;
};

const decode = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

const step = (passo: string) => `${NEW}?passo=${passo}`;
/** The report's photos (`allegati`), named `buca-<i>.png`. */
const photos = (...bytes: Buffer[]): Upload[] =>
  bytes.map((one, i) => ({ field: "allegati", name: `buca-${i}.png`, bytes: one, type: "image/png" }));

/** Giulia logged in (her data put back as seeded) on the report's first page, through `app`. */
async function giulia(app: ReturnType<typeof replica>) {
  await request(sandbox.app).post(`/__sandbox/citizens/${GIULIA}/reset`).expect(200);
  const browser = new PortalBrowser(app, A)
    .withMultipartForms()
    .withCookie(await loginAs(sandbox.app, GIULIA));
  expect((await browser.get(`${NEW}?passo=autorizzazioni`)).status).toBe(200);
  return browser;
}

const giuliaReports = () =>
  sandbox.store.state.crm["comune-a"]!.tickets.filter(
    (t) => t.kind === "disservizio" && t.customer.codice_fiscale === GIULIA,
  );

describe("two replicas, one Valkey", () => {
  test("a disruption report's photo kept by replica 1 is listed and sent by replica 2, byte-identical", async () => {
    const one = replica();
    const two = replica();
    const browser = await giulia(one);
    expect(
      (await browser.through(two).post(step("autorizzazioni"), { intent: "autorizzazioni", accetto: "on" }))
        .status,
    ).toBe(303);
    const kept = await browser.through(one).post(step("dati"), VALID, photos(PNG));
    expect(
      kept.status,
      decode(kept.text)
        .match(/class="[^"]*invalid-feedback[^"]*"[^>]*>[^<]*/g)
        ?.join(" | "),
    ).toBe(303);
    // The photo is in Valkey, not in a process.
    const keys = await redisBackend()!.command<string[]>(["KEYS", "portal:report-files:e:*"]);
    expect(keys.length).toBeGreaterThan(0);
    const summary = decode((await browser.through(two).get(`${NEW}?passo=riepilogo`)).text);
    expect(summary).toContain("buca-0.png");
    expect(summary).not.toContain("Mancano dei file allegati");
    const before = giuliaReports().length;
    expect((await browser.through(two).post(step("riepilogo"), { intent: "invia" })).status).toBe(303);
    expect(giuliaReports()).toHaveLength(before + 1);
    const sent = giuliaReports().at(-1)!.articles[0]!.attachments[0]! as unknown as { data: Buffer };
    expect(Buffer.compare(Buffer.from(sent.data), PNG)).toBe(0);
  });

  test("Valkey stopped mid-flow: the step answers the Italian 503 keeping what was typed, /readyz is degraded; restarted, the next step works and /readyz is ready", async () => {
    const one = replica();
    const two = replica();
    const browser = await giulia(one);
    await browser.through(two).post(step("autorizzazioni"), { intent: "autorizzazioni", accetto: "on" });
    await redis.stop();
    try {
      const res = await browser
        .through(one)
        .post(step("dati"), { ...VALID, titolo: "Tombino rotto" }, photos(PNG));
      expect(
        res.status,
        logs
          .flat()
          .filter((l) => l.includes(`"level":"error"`))
          .join("\n")
          .slice(0, 3000),
      ).toBe(503);
      const page = decode(res.text);
      expect(page).toContain("Il servizio che conserva i dati dei moduli non risponde in questo momento");
      expect(page).toContain('value="Tombino rotto"');
      expect(page).toContain(">Profonda</textarea>");
      await vi.waitFor(
        async () => {
          const ready = await request(two).get("/readyz");
          expect(ready.status).toBe(200);
          expect(ready.body.status).toBe("degraded");
          expect(ready.body.store.state).toBe("down");
          expect(ready.body.store.reason).toMatch(/Valkey/);
        },
        { timeout: 30_000, interval: 100 },
      );
    } finally {
      await redis.start();
    }
    await vi.waitFor(
      async () => {
        const ready = await request(one).get("/readyz");
        expect(ready.status).toBe(200);
        expect(ready.body).toMatchObject({ municipalities: { "comune-a": "ready" }, store: { state: "up" } });
      },
      { timeout: 30_000, interval: 100 },
    );
    expect((await browser.through(two).post(step("dati"), VALID, photos(PNG))).status).toBe(303);
    expect(decode((await browser.through(one).get(`${NEW}?passo=riepilogo`)).text)).toContain("buca-0.png");
  });

  test("the maintenance gate's limit counts the attempts made on both replicas", async () => {
    const env = { MAINTENANCE_LOGIN_PER_CLIENT: "4", MAINTENANCE_LOGIN_WINDOW_S: "600" };
    const replicas = [replica(env), replica(env)];
    const attempt = (i: number) =>
      postForm(
        replicas[i % 2]!,
        "/manutenzione",
        { username: "manutentore", password: `sbagliata-${i}` },
        "",
        HOSTS.c,
      );
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(i)).status);
    // Per process, each replica would allow 4 (8 in all): together, the 5th is refused.
    expect(statuses).toEqual([403, 403, 403, 403, 429, 429]);
  });

  test("Valkey's key names carry no fiscal code, e-mail address, phone number or client address (keyed hashes)", async () => {
    // Everything the tests above kept (a disruption report's photo by Giulia, maintenance-login counts per address),
    // plus one-time codes: the guard's counters and last contact, the sending limits per address and per contact.
    const app = replica();
    const email = "giulia.bianchi@example.it";
    const { otpGuard } = await import("#client/lib/otp-guard.server.ts");
    const sent = await otpGuard.beginSend(
      "a".repeat(43),
      { cf: GIULIA, kind: "EMAIL", contact: email },
      { exclusive: true },
    );
    expect(sent.ok).toBe(true);
    const { createOtpSendLimiter } = await import("#server/security/otp-limits.ts");
    const limiter = createOtpSendLimiter({ windowMs: 60_000, perClient: 5, perContact: 5 });
    expect((await limiter.attempt("comune-a", "203.0.113.9", "+39 333 123 4567")).allowed).toBe(true);
    expect((await request(app).get("/").set("Host", A)).status).toBe(200);

    const keys = await redisBackend()!.command<string[]>(["KEYS", "*"]);
    expect(keys.some((k) => k.startsWith("portal:otp-guard:"))).toBe(true);
    expect(keys.some((k) => k.startsWith("portal:rl:otp-contact:"))).toBe(true);
    expect(keys.some((k) => k.startsWith("portal:rl:maintenance-login:"))).toBe(true);
    const personal = keys.filter((k) =>
      /[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]|@|\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}|::|3331234567|giulia/i.test(
        k,
      ),
    );
    expect(personal).toEqual([]);
    // Nor do the OTP guard's values: hashes of the fiscal code and the contact, to compare with.
    const entries = keys.filter((k) => /^portal:otp-(guard|last-contact):e:/.test(k));
    expect(entries.length).toBeGreaterThan(0);
    for (const key of entries) {
      const value = await redisBackend()!.command<string>(["HGET", key, "v"]);
      expect(value).not.toContain(GIULIA);
      expect(value).not.toContain(email);
    }
  });
});
