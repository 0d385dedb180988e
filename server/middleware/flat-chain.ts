import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * Runs middleware one after the other as plain function calls: one Express router layer for the whole list instead
 * of one per middleware (each layer costs path matching, params and bookkeeping: ~3 µs a request on the bench
 * machine, docs/decisions/lean-proxy.md). Same contract as `app.use(a, b, c)` for path-less middleware: an error
 * (passed to `next` or thrown, or a rejected promise) goes on to Express's error handlers, and the end of the list
 * goes on to whatever is mounted next.
 */
export function flatChain(handlers: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      next(error);
    };
    const step = (error?: unknown) => {
      if (failed) return;
      if (error !== undefined && error !== null) return fail(error);
      const handler = handlers[index++];
      if (handler === undefined) return next();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch(fail);
      } catch (thrown) {
        fail(thrown);
      }
    };
    step();
  };
}
