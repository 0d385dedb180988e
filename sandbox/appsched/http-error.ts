import type { ErrorRequestHandler } from "express";

/** The BFF's error body: `{status, title, details}`. */
export type ErrorDto = { status: number; title: string; details: string[] | null };

export class AppschedHttpError extends Error {
  override name = "AppschedHttpError";
  readonly status: number;
  readonly details: string[] | null;

  constructor(status: number, title: string, details: string[] | null = null) {
    super(title);
    this.status = status;
    this.details = details;
  }

  toDto(): ErrorDto {
    return { status: this.status, title: this.message, details: this.details };
  }
}

export const notFound = (title = "Risorsa non trovata") => new AppschedHttpError(404, title);
export const badRequest = (title: string, details: string[] | null = null) =>
  new AppschedHttpError(400, title, details);
export const unprocessable = (title: string) => new AppschedHttpError(422, title);
export const notAuthorized = () => new AppschedHttpError(403, "Not authorized");

export const SLOT_TAKEN = "Lo slot selezionato non è più disponibile";
export const APPOINTMENT_GONE = "Appuntamento non trovato o scaduto";

/** Answers our errors and malformed JSON bodies as ErrorDto; anything else goes on to the app's handler. */
export const handleAppschedError: ErrorRequestHandler = (error, _req, res, next) => {
  if (error instanceof AppschedHttpError) {
    res.status(error.status).json(error.toDto());
    return;
  }
  if (error && typeof error === "object" && "type" in error && error.type === "entity.parse.failed") {
    res.status(400).json(badRequest("Richiesta non valida: JSON malformato").toDto());
    return;
  }
  next(error);
};
