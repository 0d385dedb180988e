import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createTenantDirectory, loadTenantsFile } from "./tenants.ts";

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
});
