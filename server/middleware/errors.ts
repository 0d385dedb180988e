import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { plainPage, wantsJson } from "./plain-page.ts";
import { requestLocale, serverText } from "#server/texts.ts";

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
    const locale = requestLocale(req, res);
    const message = serverText(
      locale,
      status === 413
        ? "server.error.tooLarge"
        : clientError
          ? "server.error.invalid"
          : "server.error.unexpected",
    );
    res.status(status);
    if (wantsJson(req)) res.json({ status, title: message, details: [] });
    else {
      const title = serverText(locale, clientError ? "server.badRequest.title" : "server.error.title");
      res.type("html").send(plainPage(title, message, locale));
    }
  };
}
