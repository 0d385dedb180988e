import { data, redirect, type RouterContextProvider } from "react-router";
import {
  DELEGA_AZIONI,
  DELEGA_ID_PATTERN,
  DELEGA_STATI,
  DOCUMENT_SLOTS,
  type DelegaList,
  type DelegaStato,
  type DocumentSlot,
} from "#shared/api/deleghe.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { routeError } from "#shared/route-error.ts";
import { isValidFiscalCode } from "#shared/validation/fiscal-code.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { answerDownload, downloadRefusal, fileResponse } from "#client/lib/download.server.ts";
import { pagePathname } from "#client/lib/links.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { getServices } from "#client/lib/services.ts";
import { justDoneHeaders, justDoneNamed } from "#client/lib/just-done.server.ts";
import { delegheIt } from "./texts.ts";
import { DELEGHE_PAGE, listHref, type DelegheFilters, type DelegheListData } from "./deleghe-view.ts";

type Context = Readonly<RouterContextProvider>;

/** The list a page shows, from its path (the index is "delegati", the spec's default). */
export function listOfPath(url: URL): DelegaList {
  const last = pagePathname(url).split("/").pop();
  return last === "deleganti" || last === "richieste" ? last : "delegati";
}

/** The §5 GET filters and the page, from the query; an invalid value is dropped (the fiscal code's is reported). */
export function readFilters(url: URL): { filters: DelegheFilters; delegatorInvalid: boolean } {
  const q = url.searchParams;
  const servizio = q.get("servizio") ?? "";
  const stato = q.get("stato") ?? "";
  const delegante = (q.get("delegante") ?? "").trim().toUpperCase();
  const pagina = Number.parseInt(q.get("pagina") ?? "1", 10);
  const delegatorInvalid = delegante !== "" && !isValidFiscalCode(delegante);
  return {
    filters: {
      servizio: /^\d{1,9}$/.test(servizio) ? servizio : "",
      stato: (DELEGA_STATI as readonly string[]).includes(stato) ? (stato as DelegaStato) : "",
      delegante: delegatorInvalid ? "" : delegante,
      pagina: Number.isInteger(pagina) && pagina >= 1 && pagina <= 10_000 ? pagina : 1,
    },
    delegatorInvalid,
  };
}

/** One list page: the delegations (or "failed": the rest of the page renders) and the delegable services. */
export async function loadDelegheList(context: Context, url: URL): Promise<DelegheListData> {
  const { api, log } = getServices(context);
  const which = listOfPath(url);
  const { filters, delegatorInvalid } = readFilters(url);
  const config = await api.getTenantConfig();
  const result = await api.deleghe
    .list(which, {
      idServizio: filters.servizio ? Number(filters.servizio) : undefined,
      stato: filters.stato || undefined,
      codiceFiscaleDelegante: which === "deleganti" ? filters.delegante || undefined : undefined,
      page: filters.pagina,
      perPage: DELEGHE_PAGE,
    })
    .then((page) => ({ status: "ok" as const, items: page.items, total: page.totalElements }))
    .catch((error: unknown) => {
      log.warn(
        { list: which, status: isUpstreamFailure(error) ? error.data.status : null },
        "delegations list failed",
      );
      return { status: "failed" as const };
    });
  return {
    which,
    filters,
    delegatorInvalid,
    services: config.dettagli
      .filter((d) => d.delegabile)
      .map((d) => ({ id: d.idServizio, titolo: d.titolo })),
    result,
    // The action's notice, when this browser has just done it (issue #40).
    done: justDoneNamed(context, url, "fatto", "delegaAction"),
  };
}

/** What a list's buttons post: the delegation and the action ("ANNULLA": a request's cancellation). */
const ACTIONS_OF: Record<DelegaList, readonly string[]> = {
  delegati: ["RITIRA"],
  deleganti: ["ACCETTA", "RIFIUTA"],
  richieste: ["ANNULLA"],
};

/**
 * A list's action: accept or refuse (deleganti), withdraw (delegati), cancel a request (richieste). The id must be in
 * the citizen's own list, in a status the action applies to (the upstream module checks it before calling), else
 * 404 and no call. Success goes back to the same list and filters with a notice.
 */
export async function delegheAction(context: Context, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const which = listOfPath(url);
  const form = await readForm(request, context);
  const id = String(form.get("id") ?? "");
  const azione = String(form.get("azione") ?? "");
  const t = serverT(context, delegheIt);
  if (!DELEGA_ID_PATTERN.test(id) || !ACTIONS_OF[which].includes(azione)) {
    throw routeError(404, { title: t("deleghe.notFound") });
  }
  const { api, log } = getServices(context);
  try {
    if (azione === "ANNULLA") await api.deleghe.cancelRequest(id);
    else if ((DELEGA_AZIONI as readonly string[]).includes(azione))
      await api.deleghe.act(id, azione as (typeof DELEGA_AZIONI)[number]);
  } catch (error) {
    if (!isUpstreamFailure(error) || error.data.status === 404) {
      if (isUpstreamFailure(error, 404)) throw routeError(404, { title: t("deleghe.notFound") });
      throw error;
    }
    // Logs name the delegation by id, never a fiscal code.
    log.warn({ delegation: id, action: azione, status: error.data.status }, "delegation action failed");
    return data({ failed: true }, { status: error.data.status >= 500 ? 502 : 409 }) as unknown as Response;
  }
  log.info({ delegation: id, action: azione }, "delegation action");
  const { filters } = readFilters(url);
  throw redirect(listHref(which, filters, { fatto: azione }), {
    headers: justDoneHeaders(getServices(context).flow, "delegaAction", azione),
  });
}

/** `/area-personale/deleghe/richieste/:id/allegati/:slot`: one attachment of the citizen's own request. */
export async function delegheAttachment(
  context: Context,
  id: string | undefined,
  slot: string | undefined,
): Promise<Response> {
  const notFound = serverT(context, delegheIt)("deleghe.file.notFound");
  if (!id || !DELEGA_ID_PATTERN.test(id) || !(DOCUMENT_SLOTS as readonly string[]).includes(slot ?? "")) {
    return downloadRefusal(context, 404, notFound);
  }
  return answerDownload(context, { notFound }, async () => {
    const { api } = getServices(context);
    const request = await api.deleghe.find("richieste", id);
    const file = request?.richiesta?.allegati.find((a) => a.slot === slot);
    if (!request || !file) return downloadRefusal(context, 404, notFound);
    const bytes = await api.deleghe.attachment(id, slot as DocumentSlot);
    // Only the types a request's documents may have (§3): anything else is served as bytes, never rendered.
    const type = ["application/pdf", "image/png", "image/jpeg"].includes(file.tipo)
      ? file.tipo
      : "application/octet-stream";
    return fileResponse(bytes, { name: file.nomeFile, type });
  });
}
