import { redirect, type RouterContextProvider } from "react-router";
import type { DocumentFile } from "#shared/api/documents.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { readRouteError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { documentsIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { attachmentDisposition } from "#client/lib/download.server.ts";

const UUID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const MIME_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The answer of the file route: the bytes, the document's media type and a download disposition. */
export function documentFileResponse(file: DocumentFile, uuid: string): Response {
  const bytes = Buffer.from(file.content, "base64");
  const mimetype = file.tipologia?.mimetype?.trim() ?? "";
  const type = MIME_PATTERN.test(mimetype) ? mimetype : "application/octet-stream";
  const extension = file.tipologia?.estensione ?? (type === "application/pdf" ? "pdf" : null);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": type,
      "Content-Length": String(bytes.length),
      "Content-Disposition": attachmentDisposition(file.filename, {
        fallbackBase: file.descrizione ?? `documento-${uuid}`,
        extension,
      }),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
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
  const t = serverT(context, documentsIt);
  const { api } = getServices(context);
  const user = await api.getCurrentUser();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(upstreamLoginHref(currentPathHref(url.pathname, url.search)));
  }
  const uuid = params.uuid ?? "";
  if (!UUID_PATTERN.test(uuid)) return plain(404, t("documents.notFound"));
  try {
    return documentFileResponse(await api.documents.file(user.codFisc, uuid), uuid);
  } catch (error) {
    if (readRouteError(error, 404) || readRouteError(error, 403) || readRouteError(error, 400)) {
      return plain(404, t("documents.notFound"));
    }
    throw error;
  }
}
