import { redirect, type RouterContextProvider } from "react-router";
import type { DocumentFile } from "#shared/api/documents.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { documentsIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { answerDownload, downloadRefusal, fileResponse } from "#client/lib/download.server.ts";

const UUID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const MIME_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** The answer of the file route: the bytes, the document's media type and a download disposition. */
export function documentFileResponse(file: DocumentFile, uuid: string): Response {
  const bytes = Buffer.from(file.content, "base64");
  const mimetype = file.tipologia?.mimetype?.trim() ?? "";
  const type = MIME_PATTERN.test(mimetype) ? mimetype : "application/octet-stream";
  const extension = file.tipologia?.estensione ?? (type === "application/pdf" ? "pdf" : null);
  return fileResponse(bytes, {
    name: file.filename,
    type,
    fallbackBase: file.descrizione ?? `documento-${uuid}`,
    extension,
  });
}

type Args = {
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
  request: Request;
};

/**
 * `/area-personale/documenti/:uuid/file`: the logged-in citizen's document, fetched from the upstream with the
 * citizen's own fiscal code. The personal area's middleware already sends anonymous visitors to the login; the
 * check is repeated here so the file never depends on the layout.
 */
export async function loadDocumentFile({ context, params, request }: Args): Promise<Response> {
  const notFound = serverT(context, documentsIt)("documents.notFound");
  const { api } = getServices(context);
  const user = await api.getCurrentUser();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(upstreamLoginHref(currentPathHref(url.pathname, url.search)));
  }
  const uuid = params.uuid ?? "";
  if (!UUID_PATTERN.test(uuid)) return downloadRefusal(context, 404, notFound);
  return answerDownload(context, { notFound }, async () =>
    documentFileResponse(await api.documents.file(user.codFisc, uuid), uuid),
  );
}
