import type { RouterContextProvider } from "react-router";
import { MaxFileSizeExceededError, MaxFilesExceededError, parseFormData } from "@remix-run/form-data-parser";
import { routeError } from "#shared/route-error.ts";
import { getServices } from "./services.ts";

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
      throw routeError(413, {
        title: `Ogni file allegato può essere al massimo di ${megabytes(fileLimit)} MB.`,
      });
    }
    if (error instanceof MaxFilesExceededError) {
      throw routeError(413, { title: `Puoi allegare al massimo ${maxFiles} file.` });
    }
    throw routeError(400, { title: "Il modulo inviato non è leggibile. Ricarica la pagina e riprova." });
  }
}
