import { redirect, type RouterContextProvider } from "react-router";
import type { DocumentArea, PersonalDocument } from "#shared/api/documents.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { formatDate } from "#shared/dates.ts";
import type { Locale } from "#shared/locale.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import {
  DOCUMENTS_PER_PAGE,
  documentSearchQuery,
  parseDocumentSearch,
  type ParsedDocumentSearch,
} from "./document-query.ts";

/** One document as the list shows it: dates already written in the request's locale. */
export type DocumentView = {
  uuid: string;
  title: string;
  created: string;
  createdIso: string;
  area: string | null;
  type: string | null;
  extension: string | null;
  /** Upper-case format for the link's hidden text, e.g. "PDF". */
  format: string;
  expiry: string | null;
  expiryIso: string | null;
};

export type DocumentsPageData = ParsedDocumentSearch & {
  areas: { status: "ok"; items: DocumentArea[] } | { status: "failed" };
  list: { status: "ok"; items: DocumentView[]; total: number; pages: number } | { status: "failed" };
};

function formatOf(doc: PersonalDocument): string {
  const extension = doc.tipologia?.estensione?.replace(/^\./, "");
  if (extension) return extension.toUpperCase();
  const subtype = doc.tipologia?.mimetype?.split("/")[1];
  return subtype ? subtype.toUpperCase() : "FILE";
}

function day(iso: string | null | undefined, locale: Locale): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatDate(date, "dd/MM/yyyy", locale);
}

export function toDocumentView(doc: PersonalDocument, locale: Locale): DocumentView {
  return {
    uuid: doc.uuid,
    title: doc.descrizione,
    created: day(doc.dtaCreazione, locale) ?? doc.dtaCreazione,
    createdIso: doc.dtaCreazione,
    area: doc.ambito?.denominazione || null,
    type: doc.tipologia?.descrizione || null,
    extension: doc.tipologia?.estensione?.replace(/^\./, "") || null,
    format: formatOf(doc),
    expiry: day(doc.dtaFine, locale),
    expiryIso: doc.dtaFine ?? null,
  };
}

/**
 * The documents tab: the areas for the filter and one page of the citizen's documents. Either call may fail
 * without taking the page down: the page then says "Non è stato possibile caricare l'elenco dei documenti".
 */
export async function loadDocumentsPage(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<DocumentsPageData> {
  const services = getServices(context);
  const { codFisc } = await getCitizen(context);
  const search = parseDocumentSearch(url.searchParams);
  const failed = (what: string) => (error: unknown) => {
    if (isUpstreamFailure(error, 401)) throw error;
    // Only the status: the call's address carries the citizen's fiscal code.
    const status = isUpstreamFailure(error) ? error.data.status : undefined;
    services.log.warn({ upstream: "mydocs", status }, `${what} unavailable`);
    return { status: "failed" } as const;
  };
  const [areas, list] = await Promise.all([
    services.api.documents
      .areas(codFisc)
      .then((items) => ({ status: "ok", items }) as const, failed("document areas")),
    services.api.documents.list(codFisc, search.query).then(
      (page) =>
        ({
          status: "ok",
          items: page.documenti.map((doc) => toDocumentView(doc, services.locale)),
          total: page.totalElements,
          pages: Math.max(1, Math.ceil(page.totalElements / DOCUMENTS_PER_PAGE)),
        }) as const,
      failed("documents list"),
    ),
  ]);
  // A page past the end (an old link, a shorter list after a filter) goes to the last one.
  if (list.status === "ok" && list.total > 0 && search.page > list.pages) {
    throw redirect(
      withQuery(href("/area-personale/documenti"), documentSearchQuery(search.values, list.pages)),
    );
  }
  return { ...search, areas, list };
}
