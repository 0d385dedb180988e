import type { ErrorRequestHandler, RequestHandler, Response } from "express";

/** The BFF's own error body (`ErrorDto`). */
export function sendError(
  res: Response,
  status: number,
  title: string,
  details: string[] | null = null,
): void {
  res.status(status).json({ status, title, details });
}

/**
 * A plain string as the BFF sends one (`OTP valido`, `utente autorizzato`, a policy text…): raw, not JSON-quoted,
 * under `Content-Type: application/json` (its resources produce JSON and return a `String` entity as is).
 */
export function sendRawString(res: Response, status: number, text: string): void {
  res.status(status).setHeader("Content-Type", "application/json");
  res.end(text);
}

/** The body the BFF's servlet filters answer with. */
export function sendFilterError(res: Response, status: number, error: string): void {
  res.status(status).json({ status, error });
}

export const notFound: RequestHandler = (_req, res) => {
  sendError(res, 404, "Risorsa non trovata");
};

type HttpError = Error & { status?: number; type?: string };

export function createErrorHandler(log: (o: object, m?: string) => void): ErrorRequestHandler {
  return (error: HttpError, _req, res, next) => {
    if (res.headersSent) return next(error);
    if (error.type === "entity.parse.failed")
      return sendError(res, 400, "Richiesta non valida", ["JSON non valido"]);
    if (error.type === "entity.too.large") return sendError(res, 413, "Richiesta troppo grande");
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) log({ err: { name: error.name, message: error.message } }, "sandbox error");
    sendError(res, status, status === 500 ? "Errore interno" : error.message);
  };
}
