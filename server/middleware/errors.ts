import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { plainPage, wantsJson } from "./plain-page.ts";

/** The last handler: Italian message, right status, never a stack trace; the server keeps serving. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (
    error: { status?: number; statusCode?: number; type?: string; message?: string },
    req,
    res,
    _next,
  ) => {
    const status = error.status ?? error.statusCode ?? 500;
    const clientError = status >= 400 && status < 500;
    if (!clientError) logger.error({ error: { message: error.message } }, "unhandled server error");
    if (res.headersSent) {
      // An answer already complete (e.g. the 413 of a body that grew past the limit) is left to reach the client.
      if (!res.writableEnded) res.destroy();
      return;
    }
    const message =
      status === 413
        ? "Il contenuto inviato è troppo grande."
        : clientError
          ? "La richiesta non è valida."
          : "Si è verificato un errore inatteso. Riprova tra qualche minuto.";
    res.status(status);
    if (wantsJson(req)) res.json({ status, title: message, details: [] });
    else
      res
        .type("html")
        .send(plainPage(clientError ? "Richiesta non valida" : "Si è verificato un errore", message));
  };
}
