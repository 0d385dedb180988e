import type { RouterContextProvider } from "react-router";
import { MaxFileSizeExceededError, MaxFilesExceededError, parseFormData } from "@remix-run/form-data-parser";
import { routeError } from "#shared/route-error.ts";
import { getServices } from "./services.ts";
import { serverT } from "#client/i18n/server-t.ts";

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10}`.replace(".", ",");
}

/**
 * Reads a posted form. Its XSRF token was checked before the body was read (server `checkFormXsrf`, enforced for
 * every page by the root middleware `requireFormToken`), and its size as it streamed (`limitRequestBody`); here a
 * multipart upload also gets its per-file and file-count limits, each file kept in memory only up to its limit.
 */
export async function readForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<FormData> {
  const { fileLimit, maxFiles } = getServices(context).uploads;
  try {
    return await parseFormData(request, { maxFileSize: fileLimit, maxFiles });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) {
      throw routeError(413, { title: serverT(context)("form.fileTooLarge", { size: megabytes(fileLimit) }) });
    }
    if (error instanceof MaxFilesExceededError) {
      throw routeError(413, { title: serverT(context)("form.tooManyFiles", { count: maxFiles }) });
    }
    throw routeError(400, { title: serverT(context)("form.unreadable") });
  }
}
