import { z } from "zod";
import { NoticeTextSchema } from "#shared/api/notice-text.ts";
import {
  NotifyContactsSchema,
  NotifyProfileSchema,
  NotifyPreferenceSchema,
  NotifyServiceSchema,
  parseChannels,
  TermsAcceptanceSchema,
  type NotifyApi,
  type NotifyPreferences,
} from "#shared/api/notify.ts";
import { isUpstreamError } from "./errors.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";
import { sanitizeRichText } from "./sanitize.ts";

const base = "api/notificatore/preferenze";
const user = (cf: string) => `${base}/users/${encodeURIComponent(cf)}`;

export function createNotifyApi(ctx: UpstreamRequestContext): NotifyApi {
  const service = "notify";
  return {
    async getTerms() {
      const res = await callUpstream(ctx, { service, path: `${base}/terms`, schema: NoticeTextSchema });
      return sanitizeRichText(res.data);
    },
    async getContacts(cf) {
      try {
        const res = await callUpstream(ctx, {
          service,
          path: `${user(cf)}/contacts`,
          schema: NotifyProfileSchema,
        });
        return res.data;
      } catch (error) {
        if (isUpstreamError(error, 404)) return null;
        throw error;
      }
    },
    async acceptTerms(cf) {
      const res = await callUpstream(ctx, {
        service,
        method: "PUT",
        path: `${user(cf)}/terms`,
        schema: TermsAcceptanceSchema,
      });
      return res.data;
    },
    async updateContacts(cf, input) {
      const res = await callUpstream(ctx, {
        service,
        method: "PUT",
        path: `${user(cf)}/contacts`,
        body: input,
        schema: NotifyContactsSchema,
      });
      return res.data;
    },
    async deleteUser(cf) {
      await callUpstream(ctx, { service, method: "DELETE", path: user(cf), schema: z.unknown() });
    },
    async getServices() {
      const res = await callUpstream(ctx, {
        service,
        path: `${base}/services`,
        schema: z.array(NotifyServiceSchema),
      });
      return res.data;
    },
    async getPreferences(cf) {
      try {
        const res = await callUpstream(ctx, {
          service,
          path: `${user(cf)}/preferences`,
          schema: z.array(NotifyPreferenceSchema),
        });
        const preferences: NotifyPreferences = {};
        for (const row of res.data) preferences[row.service_name] = parseChannels(row.channels);
        return preferences;
      } catch (error) {
        if (isUpstreamError(error, 404)) return {};
        throw error;
      }
    },
    async updatePreferences(cf, preferences) {
      const body = Object.fromEntries(
        Object.entries(preferences).map(([name, channels]) => [name, channels.join(",")]),
      );
      await callUpstream(ctx, {
        service,
        method: "PUT",
        path: `${user(cf)}/preferences`,
        body,
        schema: z.unknown(),
      });
    },
  };
}
