import { expect, test } from "vitest";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { buildPreferenceGroups, preferenceField, readPreferences } from "./preferences.ts";

const services = [
  { uuid: "1", name: "anagrafe", channels: "email,sms,push", tags: "c_v001,citcaf" },
  { uuid: "2", name: "tari", channels: "email", tags: "c_v001,citcaf,ppay" },
  { uuid: "3", name: "eventi", channels: "", tags: "c_v001,citcaf" },
];
const config = {
  comune: { nomiServiziNotifiche: { tari: "TARI - Tassa sui rifiuti" } },
  dettagli: [{ codiceNotifiche: "anagrafe", titolo: "Anagrafe" }],
} as unknown as Pick<TenantConfig, "comune" | "dettagli">;

test("services in two groups, titled from the service details, with the enabled channels they support", () => {
  const groups = buildPreferenceGroups(services, { anagrafe: ["sms"], tari: ["email", "sms"] }, config);
  expect(groups.general).toEqual([
    { name: "anagrafe", title: "Anagrafe", channels: ["email", "sms", "push"], enabled: ["sms"] },
  ]);
  expect(groups.payments).toEqual([
    { name: "tari", title: "TARI - Tassa sui rifiuti", channels: ["email"], enabled: ["email"] },
  ]);
});

test("the ticked checkboxes become the preferences; unticked services are switched off", () => {
  const form = new FormData();
  form.set(preferenceField("anagrafe", "push"), "on");
  form.set(preferenceField("tari", "sms"), "on");
  expect(readPreferences(form, services)).toEqual({ anagrafe: ["push"], tari: [], eventi: [] });
});
