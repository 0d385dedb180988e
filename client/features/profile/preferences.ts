import {
  isPaymentService,
  parseChannels,
  type NotifyChannel,
  type NotifyPreferences,
  type NotifyService,
} from "#shared/api/notify.ts";
import { notifyServiceTitle, type TenantConfig } from "#shared/api/tenant-config.ts";

export type PreferenceRow = {
  name: string;
  title: string;
  channels: NotifyChannel[];
  enabled: NotifyChannel[];
};
export type PreferenceGroups = { general: PreferenceRow[]; payments: PreferenceRow[] };

/** The services in two groups (tagged "ppay" → payments), titled as the configuration names them (`notifyServiceTitle`). */
export function buildPreferenceGroups(
  services: NotifyService[],
  preferences: NotifyPreferences,
  config: Pick<TenantConfig, "comune" | "dettagli">,
): PreferenceGroups {
  const groups: PreferenceGroups = { general: [], payments: [] };
  for (const service of services) {
    const channels = parseChannels(service.channels);
    if (channels.length === 0) continue;
    const row: PreferenceRow = {
      name: service.name,
      title: notifyServiceTitle(config, service.name),
      channels,
      enabled: (preferences[service.name] ?? []).filter((c) => channels.includes(c)),
    };
    (isPaymentService(service) ? groups.payments : groups.general).push(row);
  }
  return groups;
}

/** The checkbox name of a service's channel. */
export function preferenceField(service: string, channel: NotifyChannel): string {
  return `pref.${service}.${channel}`;
}

/** The ticked channels of every listed service (services not ticked at all are switched off). */
export function readPreferences(form: FormData, services: NotifyService[]): NotifyPreferences {
  const preferences: NotifyPreferences = {};
  for (const service of services) {
    preferences[service.name] = parseChannels(service.channels).filter(
      (channel) => form.get(preferenceField(service.name, channel)) === "on",
    );
  }
  return preferences;
}
