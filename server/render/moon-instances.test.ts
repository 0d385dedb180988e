import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { RequestHandler } from "express";
import request from "supertest";
import { startSandbox, type StartedSandbox } from "#sandbox/start.ts";
import type { SandboxStore } from "#sandbox/types.ts";
import { loadSsrHandler } from "#server/render/load-ssr-handler.ts";
import { CITIZENS, pageText, postForm } from "#tests/support/portal-requests.ts";
import { PortalBrowser } from "#tests/support/portal-browser.ts";
import { testApp } from "#tests/support/test-app.ts";
import { hosts, loginAs } from "#tests/support/test-sandbox.ts";

// The citizen's submitted forms (MOON, issue #29) through the portal, against a sandbox in gaps mode: there the
// forms module answers any instance of the municipality by code to any valid identity token, so only the portal's
// own binding (the code must be among the citizen's instances) keeps Mario away from Giulia's.

const { MARIO, GIULIA } = CITIZENS;
const GIULIA_INSTANCE = "MOON-2026-000004";
const MARIO_SENT = "MOON-2026-000001";
const MARIO_DRAFT = "MOON-2026-000003";
const HOST = "comune-a.localhost";

let sandbox: StartedSandbox;
let store: SandboxStore;
let sandboxUrl: string;
let ssrHandler: RequestHandler;

beforeAll(async () => {
  sandbox = await startSandbox({ gaps: true });
  ({ store, url: sandboxUrl } = sandbox);
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await request(sandboxUrl).post("/__sandbox/reset").expect(200);
});

const portal = () => testApp({ upstreamUrl: sandboxUrl, ssrHandler, sandbox: true }).app;
const instances = () => store.state.moon.instances["comune-a"] ?? [];
const get = (path: string, cookie: string) =>
  request(portal()).get(path).set("Host", HOST).set("Cookie", cookie);
describe("another citizen's instance", () => {
  test("the gaps-mode upstream hands it to any token (the gap the portal closes)", async () => {
    const cookie = await loginAs(sandboxUrl, MARIO, hosts.a);
    const jwt = (
      await request(sandboxUrl)
        .get("/api/moon/moon-identita")
        .set("X-Forwarded-Host", hosts.a)
        .set("Cookie", cookie)
    ).body.idMoonToken as string;
    const res = await request(sandboxUrl)
      .get(`/api/moon/istanze/${GIULIA_INSTANCE}/pdf`)
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", cookie)
      .set("Moon-Identita-JWT", jwt);
    expect(res.status).toBe(200);
  });

  test("through the portal: receipt, deletion page, deletion and duplication are 404, nothing changes", async () => {
    const cookie = await loginAs(sandboxUrl, MARIO, hosts.a);
    const before = JSON.stringify(instances());
    const receipt = await get(`/area-personale/pratiche/${GIULIA_INSTANCE}/ricevuta`, cookie);
    expect(receipt.status).toBe(404);
    expect(receipt.headers["content-type"]).not.toContain("pdf");
    expect((await get(`/area-personale/pratiche/${GIULIA_INSTANCE}/elimina`, cookie)).status).toBe(404);
    expect(
      (await postForm(portal(), `/area-personale/pratiche/${GIULIA_INSTANCE}/elimina`, {}, cookie)).status,
    ).toBe(404);
    expect(
      (await postForm(portal(), `/area-personale/pratiche/${GIULIA_INSTANCE}/duplica`, {}, cookie)).status,
    ).toBe(404);
    expect(JSON.stringify(instances())).toBe(before);
  });

  test("the forms module's API is not relayed by the proxy", async () => {
    const cookie = await loginAs(sandboxUrl, MARIO, hosts.a);
    for (const path of ["/api/moon/moon-identita", `/api/moon/istanze/${GIULIA_INSTANCE}/pdf`]) {
      expect((await get(path, cookie)).status).toBe(404);
    }
  });
});

describe("the citizen's own instances", () => {
  test("Attività lists them with code and status; the receipt is a PDF download", async () => {
    const cookie = await loginAs(sandboxUrl, MARIO, hosts.a);
    const page = await get("/area-personale/attivita", cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Pratica: ${MARIO_DRAFT}`);
    expect(page.text).not.toContain(GIULIA_INSTANCE);
    const pdf = await get(`/area-personale/pratiche/${MARIO_SENT}/ricevuta`, cookie).buffer(true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain(`ricevuta-${MARIO_SENT}.pdf`);
    expect(
      Buffer.from(pdf.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  test("a draft is duplicated and deleted; a sent instance has no deletion page", async () => {
    const browser = new PortalBrowser(portal(), HOST).withCookie(await loginAs(sandboxUrl, MARIO, hosts.a));
    const copy = await browser.post(`/area-personale/pratiche/${MARIO_DRAFT}/duplica`, {});
    expect(copy.status).toBe(302);
    const code = /duplicata=([\w-]+)/.exec(copy.headers.location ?? "")?.[1];
    expect(instances().find((i) => i.codiceIstanza === code)).toMatchObject({ owner: MARIO, stato: "BOZZA" });
    expect(pageText((await browser.get(copy.headers.location!.split("#")[0]!)).text)).toContain(
      `Creata la bozza ${code}`,
    );
    const deleted = await browser.post(`/area-personale/pratiche/${code}/elimina`, {});
    expect(deleted.status).toBe(302);
    // Back to the list at its section, which names the draft just deleted (issue #40).
    expect(deleted.headers.location).toBe(`/area-personale/attivita?eliminata=${code}#pratiche`);
    expect(instances().some((i) => i.codiceIstanza === code)).toBe(false);
    const list = await browser.get(deleted.headers.location!.split("#")[0]!);
    expect(list.status).toBe(200);
    expect(pageText(list.text)).toContain(`Eliminata la bozza ${code}`);
    expect((await browser.get(`/area-personale/pratiche/${MARIO_SENT}/elimina`)).status).toBe(404);
  });

  test("a link naming a duplication or a deletion that this browser did not make announces neither", async () => {
    const browser = new PortalBrowser(portal(), HOST).withCookie(await loginAs(sandboxUrl, MARIO, hosts.a));
    // A link anyone can send: the municipality's own page would otherwise tell the citizen what it says.
    const crafted = "/area-personale/attivita?duplicata=CHIAMA-0612345678&eliminata=MOON-2026-000001";
    const page = await browser.get(crafted);
    expect(page.status).toBe(200);
    expect(pageText(page.text)).toContain(`Pratica: ${MARIO_DRAFT}`);
    expect(pageText(page.text)).not.toContain("Creata la bozza");
    expect(pageText(page.text)).not.toContain("Eliminata la bozza");
    // Nor does the address of a real duplication, once another draft has been deleted since.
    const copy = await browser.post(`/area-personale/pratiche/${MARIO_DRAFT}/duplica`, {});
    const code = /duplicata=([\w-]+)/.exec(copy.headers.location ?? "")?.[1];
    const second = await browser.post(`/area-personale/pratiche/${MARIO_DRAFT}/duplica`, {});
    await browser.post(`/area-personale/pratiche/${code}/elimina`, {});
    const again = await browser.get(second.headers.location!.split("#")[0]!);
    expect(pageText(again.text)).not.toContain("Creata la bozza");
  });

  test("download errors: a malformed code is 404, the module down is an error page; Attività still renders", async () => {
    const cookie = await loginAs(sandboxUrl, GIULIA, hosts.a);
    expect((await get("/area-personale/pratiche/..%2Fx/ricevuta", cookie)).status).toBe(404);
    await request(sandboxUrl).post("/__sandbox/faults").send({ moon: "down" }).expect(200);
    const down = await get(`/area-personale/pratiche/${GIULIA_INSTANCE}/ricevuta`, cookie);
    expect(down.status).toBe(502);
    const page = await get("/area-personale/attivita", cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Non è stato possibile recuperare le pratiche");
  });
});
