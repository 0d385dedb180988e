import type { SandboxTenant } from "../types.ts";

export type NotifyService = { uuid: string; name: string; channels: string; tags: string };

/** `title`: the service's own name, which the sandbox's configuration sends (`nomiServiziNotifiche`, issue #25). */
type ServiceSeed = { name: string; title: string; channels: string; ppay?: boolean };

const byTenant: Record<string, ServiceSeed[]> = {
  "comune-a": [
    { name: "valverde_anagrafe", title: "Anagrafe e stato civile", channels: "email,sms,push" },
    { name: "valverde_tari", title: "TARI - Tassa sui rifiuti", channels: "email,push", ppay: true },
    { name: "valverde_polizia_locale", title: "Polizia locale", channels: "email,sms", ppay: true },
    { name: "valverde_scuola", title: "Servizi scolastici", channels: "email,sms,push" },
    { name: "valverde_eventi", title: "Eventi e iniziative", channels: "email" },
  ],
  "comune-b": [
    { name: "montealto_anagrafe", title: "Anagrafe", channels: "email,sms" },
    { name: "montealto_tributi", title: "Tributi", channels: "email,sms,push", ppay: true },
    { name: "montealto_polizia_locale", title: "Polizia locale", channels: "email", ppay: true },
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

/** The municipality's notification services' own names by code (the configuration's `nomiServiziNotifiche`). */
export function notifyServiceNamesOf(tenantId: string): Record<string, string> {
  return Object.fromEntries((byTenant[tenantId] ?? []).map((service) => [service.name, service.title]));
}

/** Every service any municipality has (preferences are the citizen's, across municipalities). */
export function findNotifyService(name: string): ServiceSeed | undefined {
  return Object.values(byTenant)
    .flat()
    .find((service) => service.name === name);
}
