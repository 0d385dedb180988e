import type { RouterContextProvider } from "react-router";
import { MaxFileSizeExceededError, MaxFilesExceededError, parseFormData } from "@remix-run/form-data-parser";
import { routeError } from "#shared/route-error.ts";
import { getServices } from "./services.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { formatMegabytes } from "#shared/file-size.ts";

/**
 * Reads a posted form. Its XSRF token was checked before the body was read (server `checkFormXsrf`, enforced for
 * every page by the root middleware `requireFormToken`), and its size as it streamed (`limitRequestBody`, at most
 * `UPLOAD_LIMIT` for a multipart body); here a multipart upload also gets its file-count limit.
 *
 * A file larger than `UPLOAD_FILE_LIMIT` does not end the request: the form comes back with everything else the
 * citizen typed, and that file cut to `UPLOAD_FILE_LIMIT + 1` bytes, so the feature's own size rule
 * (`checkAttachment`, whose limit config/env.ts keeps at or below `UPLOAD_FILE_LIMIT`) refuses it with its Italian
 * message next to the field instead of a bare 413 page that loses the form.
 */
export async function readForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<FormData> {
  const { fileLimit, maxFiles, totalLimit } = getServices(context).uploads;
  try {
    return await parseFormData(request, { maxFileSize: Math.max(totalLimit, fileLimit), maxFiles }, (file) =>
      file.size > fileLimit ? new File([file.slice(0, fileLimit + 1)], file.name, { type: file.type }) : file,
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) {
      throw routeError(413, {
        title: serverT(context)("form.fileTooLarge", {
          size: formatMegabytes(fileLimit, getServices(context).locale),
        }),
      });
    }
    if (error instanceof MaxFilesExceededError) {
      throw routeError(413, { title: serverT(context)("form.tooManyFiles", { count: maxFiles }) });
    }
    throw routeError(400, { title: serverT(context)("form.unreadable") });
  }
}
