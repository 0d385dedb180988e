import type { SandboxTenant } from "../types.ts";

export type NotifyService = { uuid: string; name: string; channels: string; tags: string };

type ServiceSeed = { name: string; channels: string; ppay?: boolean };

const byTenant: Record<string, ServiceSeed[]> = {
  "comune-a": [
    { name: "valverde_anagrafe", channels: "email,sms,push" },
    { name: "valverde_tari", channels: "email,push", ppay: true },
    { name: "valverde_polizia_locale", channels: "email,sms", ppay: true },
    { name: "valverde_scuola", channels: "email,sms,push" },
    { name: "valverde_eventi", channels: "email" },
  ],
  "comune-b": [
    { name: "montealto_anagrafe", channels: "email,sms" },
    { name: "montealto_tributi", channels: "email,sms,push", ppay: true },
    { name: "montealto_polizia_locale", channels: "email", ppay: true },
  ],
};

/** `GET services` as the BFF filters it: the municipality's services (tags "{codiceEnte} citcaf"). */
export function notifyServicesOf(tenant: SandboxTenant): NotifyService[] {
  return (byTenant[tenant.id] ?? []).map((service, index) => ({
    uuid: `${tenant.id}-svc-${index + 1}`,
    name: service.name,
    channels: service.channels,
    tags: [tenant.codiceEnte, "citcaf", ...(service.ppay ? ["ppay"] : [])].join(","),
  }));
}

/** Every service any municipality has (preferences are the citizen's, across municipalities). */
export function findNotifyService(name: string): ServiceSeed | undefined {
  return Object.values(byTenant)
    .flat()
    .find((service) => service.name === name);
}
