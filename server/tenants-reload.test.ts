import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import express from "express";
import request from "supertest";
import type { RequestHandler } from "express";
import { createTenantHolder, loadTenantsFile, type Tenant } from "#config/tenants.ts";
import { startSandbox } from "#sandbox/start.ts";
import { captureLogs, testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./render/load-ssr-handler.ts";
import { resolveTenant } from "./middleware/tenant.ts";
import { watchTenantsFile } from "./tenants-reload.ts";
import { createMetrics } from "./observability/metrics.ts";

// The tenants file changed on disk while the portal runs (a ConfigMap update): real files in a temp dir, the real app
// (production build) over the sandbox upstream. The reloader's tick is called directly (`check()`), except in the
// ConfigMap test, which lets its short timer find the change.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const A: Tenant = {
  id: "comune-a",
  hosts: ["comune-a.localhost"],
  upstreamHost: "servizi.comune.valverde.it",
};
const B: Tenant = {
  id: "comune-b",
  hosts: ["comune-b.localhost"],
  upstreamHost: "servizi.comune.montealto.it",
};
const json = (tenants: unknown[]) => JSON.stringify({ tenants }, null, 2);

/** A portal started from the tenants file at `path`, with its reloader (no timer unless `intervalMs`). */
function portal(path: string, intervalMs = 0) {
  const holder = createTenantHolder(loadTenantsFile(path));
  const logs = captureLogs();
  const metrics = createMetrics();
  const reloader = watchTenantsFile({ path, holder, logger: logs.logger, intervalMs, metrics });
  onTestFinished(() => reloader.stop());
  const { app } = testApp({ upstreamUrl: sandbox.url, ssrHandler, tenants: holder, metrics });
  const home = (host: string) => request(app).get("/").set("Host", host);
  const logged = () => logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { holder, reloader, app, home, logged };
}

function fileWith(tenants: unknown[]) {
  const dir = mkdtempSync(join(tmpdir(), "tenants-reload-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "tenants.json");
  writeFileSync(path, json(tenants));
  return path;
}

describe("the tenants file, reloaded without a restart", () => {
  test("a municipality added to the file answers on its host; /readyz and the log know it", async () => {
    const path = fileWith([A]);
    const p = portal(path);
    const before = await p.home("comune-b.localhost");
    expect(before.status).toBe(404);
    expect(before.text).toContain("Comune non trovato");
    expect(await p.reloader.check()).toBe("unchanged");

    writeFileSync(path, json([A, { ...B, hosts: ["comune-b.localhost", "servizi.montealto.example"] }]));
    expect(await p.reloader.check()).toBe("reloaded");

    const after = await p.home("comune-b.localhost");
    expect(after.status).toBe(200);
    expect(after.text).toContain("Montealto");
    expect((await p.home("servizi.montealto.example")).status).toBe(200);
    expect((await p.home("comune-a.localhost")).text).toContain("Valverde");
    const ready = await request(p.app).get("/readyz").set("Host", "comune-a.localhost");
    expect(ready.body.municipalities).toEqual({ "comune-a": "ready", "comune-b": "ready" });

    const line = p.logged().find((l) => l.msg === "tenants file reloaded")!;
    expect(line.added).toEqual([
      { id: "comune-b", hosts: ["comune-b.localhost", "servizi.montealto.example"] },
    ]);
    expect(line.removed).toEqual([]);
    expect(line.level).toBe("info");
    // Nothing changed since: the next tick does nothing and logs nothing.
    expect(await p.reloader.check()).toBe("unchanged");
    expect(p.logged().filter((l) => l.msg === "tenants file reloaded")).toHaveLength(1);
  });

  test("a municipality removed, another's host names changed: the log says which, the old hosts stop answering", async () => {
    const path = fileWith([A, B]);
    const p = portal(path);
    expect((await p.home("comune-b.localhost")).status).toBe(200);
    writeFileSync(path, json([{ ...A, hosts: ["valverde.localhost"] }]));
    expect(await p.reloader.check()).toBe("reloaded");
    expect((await p.home("comune-b.localhost")).status).toBe(404);
    expect((await p.home("comune-a.localhost")).status).toBe(404);
    expect((await p.home("valverde.localhost")).text).toContain("Valverde");
    const line = p.logged().find((l) => l.msg === "tenants file reloaded")!;
    expect(line.removed).toEqual([{ id: "comune-b", hosts: ["comune-b.localhost"] }]);
    expect(line.changed).toEqual([
      { id: "comune-a", hostsAdded: ["valverde.localhost"], hostsRemoved: ["comune-a.localhost"] },
    ]);
  });

  test("a municipality pointed at another upstream host gets that host's configuration, not the cached one", async () => {
    const path = fileWith([A]);
    const p = portal(path);
    expect((await p.home("comune-a.localhost")).text).toContain("Valverde");
    writeFileSync(path, json([{ ...A, upstreamHost: B.upstreamHost }]));
    expect(await p.reloader.check()).toBe("reloaded");
    const page = await p.home("comune-a.localhost");
    expect(page.text).toContain("Montealto");
    expect(page.text).not.toContain("Comune di Valverde");
  });

  test("a host name added keeps the municipality's configuration (an upstream failing then does not take it offline); a new upstream host's is loaded at once", async () => {
    const path = fileWith([A, B]);
    const p = portal(path);
    const readiness = async () =>
      (await request(p.app).get("/readyz").set("Host", "comune-a.localhost")).body.municipalities;
    expect((await p.home("comune-a.localhost")).status).toBe(200);
    expect((await p.home("comune-b.localhost")).status).toBe(200);
    writeFileSync(path, json([A, { ...B, hosts: [...B.hosts, "www.montealto.localhost"] }]));
    expect(await p.reloader.check()).toBe("reloaded");
    // Still held, without asking the upstream again.
    expect(await readiness()).toEqual({ "comune-a": "ready", "comune-b": "ready" });
    // Pointed at another upstream host: that host's configuration, loaded without waiting for a visitor.
    writeFileSync(path, json([{ ...A, upstreamHost: B.upstreamHost }, B]));
    expect(await p.reloader.check()).toBe("reloaded");
    await expect.poll(readiness).toEqual({ "comune-a": "ready", "comune-b": "ready" });
  });

  test("an invalid file is refused with the reason in the log, once; the municipalities in use are kept", async () => {
    const path = fileWith([A]);
    const p = portal(path);
    writeFileSync(path, json([A, { ...B, hosts: ["comune-a.localhost"] }]));
    expect(await p.reloader.check()).toBe("refused");
    expect(await p.reloader.check()).toBe("unchanged");
    writeFileSync(path, '{"tenants": [');
    expect(await p.reloader.check()).toBe("refused");

    const refused = p
      .logged()
      .filter((l) => l.msg === "tenants file refused: the municipalities in use are kept");
    expect(refused).toHaveLength(2);
    expect(refused[0]!.reason).toMatch(/host comune-a\.localhost is mapped to comune-a and comune-b/);
    expect(refused[1]!.reason).toMatch(/JSON/);
    expect(refused[0]!.level).toBe("error");
    expect(p.holder.current().all.map((t) => t.id)).toEqual(["comune-a"]);
    expect((await p.home("comune-a.localhost")).status).toBe(200);
    expect((await p.home("comune-b.localhost")).status).toBe(404);
    // What the alert "tenants file refused" reads (deploy/kubernetes/base/prometheusrule.yaml).
    const metrics = async () => (await request(p.app).get("/metrics")).text;
    expect(await metrics()).toMatch(/^portal_tenants_file_refused 1$/m);
    expect(await metrics()).toMatch(/^portal_tenants_reloads_total\{outcome="refused"\} 2$/m);

    // Fixed: taken at the next look.
    writeFileSync(path, json([A, B]));
    expect(await p.reloader.check()).toBe("reloaded");
    expect((await p.home("comune-b.localhost")).status).toBe(200);
    expect(await metrics()).toMatch(/^portal_tenants_file_refused 0$/m);
    expect(await metrics()).toMatch(/^portal_tenants_reloads_total\{outcome="reloaded"\} 1$/m);
    const loadedAt = Number(
      /^portal_tenants_last_reload_timestamp_seconds (\S+)$/m.exec(await metrics())?.[1],
    );
    expect(Math.abs(loadedAt - Date.now() / 1000)).toBeLessThan(60);
  });

  test("a ConfigMap update (the `..data` symlink swapped to a new directory) is found by the timer", async () => {
    // kubelet's layout: tenants.json -> ..data/tenants.json, ..data -> ..<timestamp>/, swapped by a rename.
    const dir = mkdtempSync(join(tmpdir(), "tenants-configmap-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const version = (name: string, tenants: unknown[]) => {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, "tenants.json"), json(tenants));
    };
    version("..2026_11_26_10_00_00.1", [A]);
    symlinkSync("..2026_11_26_10_00_00.1", join(dir, "..data"));
    symlinkSync("..data/tenants.json", join(dir, "tenants.json"));
    const p = portal(join(dir, "tenants.json"), 20);
    expect((await p.home("comune-b.localhost")).status).toBe(404);

    version("..2026_11_26_10_05_00.2", [A, B]);
    symlinkSync("..2026_11_26_10_05_00.2", join(dir, "..data_tmp"));
    renameSync(join(dir, "..data_tmp"), join(dir, "..data"));
    rmSync(join(dir, "..2026_11_26_10_00_00.1"), { recursive: true });

    await expect
      .poll(() => p.holder.current().all.map((t) => t.id), { timeout: 30_000 })
      .toEqual(["comune-a", "comune-b"]);
    expect((await p.home("comune-b.localhost")).text).toContain("Montealto");
  });

  test("a request in flight finishes with the municipality it started with", async () => {
    const path = fileWith([A]);
    const holder = createTenantHolder(loadTenantsFile(path));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const app = express()
      .use(resolveTenant(holder))
      .get("/", async (_req, res) => {
        started();
        await released;
        res.json({ tenant: res.locals.portalTenant.id, upstreamHost: res.locals.portalTenant.upstreamHost });
      });
    const answer = request(app)
      .get("/")
      .set("Host", "comune-a.localhost")
      .then((r) => r);
    await inFlight;
    writeFileSync(path, json([{ ...A, upstreamHost: B.upstreamHost }]));
    const { logger } = captureLogs();
    expect(await watchTenantsFile({ path, holder, logger, intervalMs: 0 }).check()).toBe("reloaded");
    release();
    expect((await answer).body).toEqual({ tenant: "comune-a", upstreamHost: A.upstreamHost });
  });
});
