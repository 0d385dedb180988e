import { NOTIFY_CHANNELS, type NotifyChannel } from "#shared/api/notify.ts";
import { ContentText, TextWithContent, useT } from "#client/i18n/i18n-context.tsx";
import { profileIt } from "./texts.ts";
import { preferenceField, type PreferenceGroups, type PreferenceRow } from "./preferences.ts";

/**
 * One group's table. Both tables get the same channel columns (`channels`) and fixed widths (`preferences-table`:
 * the service column takes what the channels leave), so Email, Sms and Push line up from one table to the next
 * (issue #25: each table sized its columns to its own titles).
 */
function PreferenceTable({
  caption,
  rows,
  channels,
}: {
  caption: string;
  rows: PreferenceRow[];
  channels: readonly NotifyChannel[];
}) {
  const t = useT(profileIt);
  return (
    <div className="table-responsive mb-4">
      <table className="table preferences-table">
        <caption className="h5 text-dark caption-top">{caption}</caption>
        <colgroup>
          <col />
          {channels.map((channel) => (
            <col key={channel} className="preferences-channel" />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{t("profile.preferences.service")}</th>
            {channels.map((channel) => (
              <th scope="col" key={channel} className="text-center">
                {t(`profile.channel.${channel}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" className="fw-normal align-middle">
                <ContentText>{row.title}</ContentText>
              </th>
              {channels.map((channel) => {
                const id = `pref-${row.name}-${channel}`;
                return (
                  <td key={channel} className="text-center align-middle">
                    {row.channels.includes(channel) ? (
                      <div className="form-check d-inline-block m-0 p-0">
                        <input
                          type="checkbox"
                          id={id}
                          name={preferenceField(row.name, channel)}
                          defaultChecked={row.enabled.includes(channel)}
                        />
                        <label htmlFor={id} className="m-0">
                          {/* A line for bootstrap-italia's drawn box to sit on. */}
                          <span aria-hidden="true">{"\u00a0"}</span>
                          <span className="visually-hidden">
                            <TextWithContent
                              text={t("profile.channel.for", { channel: t(`profile.channel.${channel}`) })}
                              content={{ service: row.title }}
                            />
                          </span>
                        </label>
                      </div>
                    ) : (
                      <span aria-hidden="true">–</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One table per group ("Notifiche", "Notifiche sui pagamenti"), a checkbox per channel each service supports. */
export function PreferencesFields({ groups }: { groups: PreferenceGroups }) {
  const t = useT(profileIt);
  if (groups.general.length === 0 && groups.payments.length === 0) {
    return <p>{t("profile.preferences.none")}</p>;
  }
  const rows = [...groups.general, ...groups.payments];
  const channels = NOTIFY_CHANNELS.filter((c) => rows.some((r) => r.channels.includes(c)));
  return (
    <>
      {groups.general.length > 0 ? (
        <PreferenceTable
          caption={t("profile.preferences.notifications")}
          rows={groups.general}
          channels={channels}
        />
      ) : null}
      {groups.payments.length > 0 ? (
        <PreferenceTable
          caption={t("profile.preferences.payments")}
          rows={groups.payments}
          channels={channels}
        />
      ) : null}
    </>
  );
}
