import { afterAll, beforeAll, expect, test } from "vitest";
import { startSandbox } from "#sandbox/start.ts";
import { municipalityTag } from "#shared/api/messages.ts";
import { isUpstreamError } from "./errors.ts";
import type { UpstreamRequestContext } from "./http.ts";
import { createMessagesApi } from "./messages.ts";
import { CITIZENS } from "#tests/support/portal-requests.ts";

// The message store module against the sandbox over real HTTP, as Mario Rossi on Valverde.
const MARIO = CITIZENS.MARIO;
const HOST = "servizi.comune.valverde.it";
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let cookie = "";

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const res = await fetch(`${sandbox.url}/api-public/sandbox-idp/login`, {
    method: "POST",
    headers: { "x-forwarded-host": HOST, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ codiceFiscale: MARIO, redirector: "" }),
    redirect: "manual",
  });
  cookie = (res.headers.getSetCookie()[0] ?? "").split(";")[0]!;
});
afterAll(() => sandbox.close());

function api() {
  const ctx: UpstreamRequestContext = { baseUrl: sandbox.url, forwardedHost: HOST, cookie, timeoutMs: 3000 };
  return createMessagesApi(ctx);
}

test("a page with its totals, bodies sanitised", async () => {
  const page = await api().list(MARIO, {
    filter: { tag: municipalityTag("c_v001") },
    limit: 100,
    offset: 0,
    sort: "-timestamp",
  });
  expect(page.total).toBe(20);
  expect(page.totalUnread).toBe(18);
  const bodies = page.messages.map((message) => message.mex.body ?? "").join("\n");
  expect(bodies).toContain("I tuoi dati di residenza sono stati aggiornati.");
  expect(bodies).not.toMatch(/<script|onclick|javascript:/);
});

test("finds one message of the municipality, counts, marks read and deletes", async () => {
  const messages = api();
  expect(await messages.find(MARIO, "c_v001", "rssmra-b-01")).toBeNull();
  const message = await messages.find(MARIO, "c_m002", "rssmra-b-01");
  expect(message?.mex.title).toBe("Scadenza IMU");
  expect(await messages.countUnread(MARIO, "c_m002")).toBe(3);
  const [updated] = await messages.markRead(MARIO, ["rssmra-b-01"]);
  expect(updated?.read_at).toEqual(expect.any(String));
  expect(await messages.countUnread(MARIO, "c_m002")).toBe(2);
  await messages.remove(MARIO, "rssmra-b-01");
  expect(await messages.find(MARIO, "c_m002", "rssmra-b-01")).toBeNull();
  const again = await messages.remove(MARIO, "rssmra-b-01").catch((error: unknown) => error);
  expect(isUpstreamError(again) && again.status).toBe(400);
});

test("another citizen's fiscal code is refused", async () => {
  const error = await api()
    .countUnread(CITIZENS.GIULIA, "c_v001")
    .catch((caught: unknown) => caught);
  expect(isUpstreamError(error) && error.status).toBe(403);
});

test("a message store that ignores the id filter (the contract does not list it): the message is found by reading", async () => {
  const { startTestUpstream } = await import("#tests/support/test-app.ts");
  const messages = Array.from({ length: 60 }, (_, i) => ({
    id: `m${i}`,
    user_id: MARIO,
    mex: { title: `Messaggio ${i}`, body: "<p>Testo</p>" },
    tag: "citfac,c_v001",
    read_at: null,
    timestamp: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
  }));
  const store = await startTestUpstream((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const limit = Number(url.searchParams.get("limit"));
    const offset = Number(url.searchParams.get("offset"));
    res.writeHead(200, { "content-type": "application/json", "total-elements": String(messages.length) });
    res.end(JSON.stringify(messages.slice(offset, offset + limit)));
  });
  try {
    const ctx: UpstreamRequestContext = { baseUrl: store.url, forwardedHost: HOST, cookie, timeoutMs: 3000 };
    const found = await createMessagesApi(ctx).find(MARIO, "c_v001", "m57");
    expect(found?.mex.title).toBe("Messaggio 57");
    expect(await createMessagesApi(ctx).find(MARIO, "c_v001", "nessuno")).toBeNull();
  } finally {
    await store.close();
  }
});
