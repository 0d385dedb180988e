import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { sandboxTenants } from "#sandbox/seed/tenants.ts";
import { createTenantDirectory, diffTenants, loadTenantsFile, TenantSchema } from "./tenants.ts";

describe("tenant directory", () => {
  const directory = createTenantDirectory([
    {
      id: "comune-a",
      hosts: ["comune-a.localhost", "servizi.comune.valverde.it"],
      upstreamHost: "servizi.comune.valverde.it",
    },
  ]);

  test("finds a tenant by host, case-insensitively and with a trailing dot", () => {
    expect(directory.byHost("comune-a.localhost")?.id).toBe("comune-a");
    expect(directory.byHost("SERVIZI.Comune.Valverde.IT.")?.id).toBe("comune-a");
  });

  test("knows nothing of other hosts", () => {
    expect(directory.byHost("evil.example")).toBeUndefined();
    expect(directory.byHost(undefined)).toBeUndefined();
  });

  test("the project's tenants file is valid", () => {
    const file = loadTenantsFile("config/tenants.json");
    expect(file.all.map((t) => t.id)).toEqual(["comune-a", "comune-b", "comune-c"]);
  });

  // The demo's municipalities are defined by the sandbox's seed; the demo's tenants files (npm start's, the
  // Kubernetes demo overlay's) map the portal's host names to them and must say the same: each municipality of the
  // seed, with its upstream host, and first the portal host its pagoPA checkout returns to.
  for (const path of ["config/tenants.json", "deploy/kubernetes/overlays/demo/tenants.json"]) {
    test(`${path} maps the sandbox's municipalities as its seed has them`, () => {
      const mapped = loadTenantsFile(path).all.map((t) => ({
        id: t.id,
        portalHost: t.hosts[0],
        upstreamHost: t.upstreamHost,
      }));
      const seeded = sandboxTenants.map((t) => ({
        id: t.id,
        portalHost: t.portalHost,
        upstreamHost: t.host,
      }));
      expect(mapped).toEqual(seeded);
    });
  }

  test("a file mapping one host twice is refused with a readable message", () => {
    const dir = mkdtempSync(join(tmpdir(), "tenants-"));
    const path = join(dir, "tenants.json");
    writeFileSync(
      path,
      JSON.stringify({
        tenants: [
          { id: "a", hosts: ["x.localhost"], upstreamHost: "a.it" },
          { id: "b", hosts: ["x.localhost"], upstreamHost: "b.it" },
        ],
      }),
    );
    expect(() => loadTenantsFile(path)).toThrow(/x\.localhost is mapped to a and b/);
  });

  test("the footer's links for an upstream without footer menus: an AgID statement, an https or mailto report", () => {
    const tenant = { id: "a", hosts: ["a.localhost"], upstreamHost: "a.it" };
    const parse = (extra: object) => TenantSchema.safeParse({ ...tenant, ...extra });
    expect(parse({ accessibilityDeclaration: "https://form.agid.gov.it/view/1a2b" }).success).toBe(true);
    expect(parse({ accessibilityDeclaration: "https://example.it/accessibilita" }).success).toBe(false);
    expect(parse({ accessibilityDeclaration: "http://form.agid.gov.it/view/1a2b" }).success).toBe(false);
    expect(parse({ inefficiencyReport: "mailto:urp@comune.a.it" }).success).toBe(true);
    expect(parse({ inefficiencyReport: "https://www.comune.a.it/segnalazioni" }).success).toBe(true);
    expect(parse({ inefficiencyReport: "javascript:alert(1)" }).success).toBe(false);
  });

  test("a reload that changes only a footer link changes that municipality (its cached pages carry the link)", () => {
    const tenant = { id: "a", hosts: ["a.localhost"], upstreamHost: "a.it" };
    const before = createTenantDirectory([tenant]);
    const after = createTenantDirectory([
      { ...tenant, accessibilityDeclaration: "https://form.agid.gov.it/view/1" },
    ]);
    expect(diffTenants(before, after).changed.map((c) => c.after.id)).toEqual(["a"]);
    expect(diffTenants(before, createTenantDirectory([{ ...tenant }])).changed).toEqual([]);
  });
});
