import { expect, test } from "vitest";
import { warmTenantConfigs } from "./warm-up.ts";

const tenants = [
  { id: "a", upstreamHost: "a.example" },
  { id: "b", upstreamHost: "b.example" },
];

test("loads every municipality's configuration", async () => {
  const loaded: string[] = [];
  const result = await warmTenantConfigs(
    tenants,
    { comune: async (t) => void loaded.push(t.id) as never },
    1000,
  );
  expect(result).toBe("warm");
  expect(loaded.sort()).toEqual(["a", "b"]);
});

test("an upstream that fails or hangs does not keep the portal from starting", async () => {
  expect(await warmTenantConfigs(tenants, { comune: () => Promise.reject(new Error("down")) }, 1000)).toBe(
    "warm",
  );
  expect(await warmTenantConfigs(tenants, { comune: () => new Promise(() => {}) }, 20)).toBe("timed-out");
});
