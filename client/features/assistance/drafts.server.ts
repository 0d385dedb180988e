import type { RouterContextProvider } from "react-router";
import { findAsset } from "#shared/api/tenant-config.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { routeError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { assistanceIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { DraftBodySchema } from "#shared/api/crm.ts";

type Context = Readonly<RouterContextProvider>;

export type DraftItem = { id: number; title: string | null; savedAt: number | string };
export type DraftsResult = { status: "ok"; items: DraftItem[] } | { status: "failed" };

function titleOf(body: string): string | null {
  try {
    const parsed = DraftBodySchema.safeParse(JSON.parse(body));
    return parsed.success ? (parsed.data.title ?? null) : null;
  } catch {
    return null;
  }
}

/** The citizen's assistance drafts (newest first); null when the municipality has no ASSISTENZA_CRM. */
export async function loadAssistanceDrafts(context: Context): Promise<DraftsResult | null> {
  const { api, log } = getServices(context);
  const asset = findAsset(await api.getTenantConfig(), "ASSISTENZA_CRM");
  if (asset?.id === undefined) return null;
  try {
    const drafts = await api.crm.drafts(asset.id);
    return {
      status: "ok",
      items: drafts
        .map((d) => ({ id: d.id, title: titleOf(d.body), savedAt: d.dataCreazione }))
        .sort((a, b) => Number(new Date(b.savedAt)) - Number(new Date(a.savedAt))),
    };
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ err: error }, "drafts failed");
    return { status: "failed" };
  }
}

/** One draft of the citizen, or the 404 page. */
export async function findOwnDraft(context: Context, id: string): Promise<DraftItem> {
  const result = /^\d{1,12}$/.test(id) ? await loadAssistanceDrafts(context) : null;
  const draft = result?.status === "ok" ? result.items.find((d) => String(d.id) === id) : undefined;
  if (result?.status === "failed")
    throw routeError(502, { title: serverT(context, assistanceIt)("assistance.drafts.loadFailed") });
  if (!draft) {
    const t = serverT(context, assistanceIt);
    throw routeError(404, {
      title: t("assistance.draftNotFound"),
      details: [t("assistance.draftNotFoundDetails")],
    });
  }
  return draft;
}
