import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import bytes from "bytes";
import { plainPage, wantsJson } from "./plain-page.ts";

/** A request body as the portal's own middleware sees it, before (and without taking it from) its reader. */
export type BodyPeek = {
  /** Resolves once `enough` says so, `windowBytes` have arrived, the body ended, or the request went away. */
  until(
    enough: (text: string, ended: boolean) => boolean,
    windowBytes: number,
  ): Promise<{ text: string; ended: boolean }>;
  /**
   * A page's body is held until it is complete (within the limit) before the page's action may read it: resolves
   * `true` then, `false` when the body was refused (413) or the client left. Proxied bodies are not held.
   */
  complete(): Promise<boolean>;
  /** Stops holding and reading the body (a refused form post): nothing more of it is kept. */
  discard(): void;
};
declare module "express-serve-static-core" {
  interface Locals {
    bodyPeek: BodyPeek;
  }
}

export type BodyLimits = {
  /** Any body but a multipart upload, in bytes. */
  limit: number;
  /** A multipart upload as a whole, in bytes (each file has its own limit where the form is parsed). */
  uploadLimit: number;
};

function tooLargeMessage(max: number): string {
  return `Il contenuto inviato è troppo grande (massimo ${bytes.format(max, { unitSeparator: " " })}).`;
}

/**
 * Closes the connection of a request whose body was refused, a moment after its answer: Node discards what still
 * arrives meanwhile, so the client reads the answer instead of a reset, and nothing more is kept.
 */
export function lingerThenClose(req: Request, res: ServerResponse) {
  res.once("finish", () => setTimeout(() => req.destroy(), 1000).unref());
}

/** 413 in Italian; nothing more of that body is kept. */
function refuse(req: Request, res: ServerResponse & { req: IncomingMessage }, max: number) {
  if (res.headersSent) {
    req.destroy();
    return;
  }
  const message = tooLargeMessage(max);
  res.statusCode = 413;
  lingerThenClose(req, res);
  res.setHeader("cache-control", "no-store");
  if (wantsJson(req)) {
    res.setHeader("content-type", "application/json; charset=utf-8");
    res.end(JSON.stringify({ status: 413, title: message, details: [] }));
  } else {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(plainPage("Contenuto troppo grande", message));
  }
}

/** The peek of a request without a body: ended, empty, complete. */
const NO_BODY: BodyPeek = {
  until: () => Promise.resolve({ text: "", ended: true }),
  complete: () => Promise.resolve(true),
  discard: () => undefined,
};

/**
 * Counts the body's bytes as the HTTP parser hands them over (before any reader: the proxy's pipe, a form parser)
 * and answers 413 the moment the limit is passed, whatever `Content-Length` said or did not say (chunked bodies).
 * It also keeps a copy of the first bytes so the XSRF token can be checked before anything reads the form.
 * Mount it first, so it sees the body from its first byte.
 */
export function limitRequestBody(limits: BodyLimits): RequestHandler {
  return (req, res, next) => {
    const type = String(req.headers["content-type"] ?? "");
    const max = /^multipart\/form-data/i.test(type) ? limits.uploadLimit : limits.limit;
    const announced = Number(req.headers["content-length"] ?? 0);
    if (!Number.isFinite(announced) || announced > max) return refuse(req, res, max);
    // Most requests (every GET) have no body at all: Node's parser gives them none without `Transfer-Encoding` or a
    // `Content-Length` above 0, so there is nothing to count, hold or peek at (and no per-request closures to make).
    if (announced === 0 && req.headers["transfer-encoding"] === undefined) {
      res.locals.bodyPeek = NO_BODY;
      return next();
    }
    // Proxied bodies stream to the upstream as they come; a page's body is held until complete, so an action never
    // starts on a body that may still turn out too large.
    const hold = !/^\/api(-public)?(\/|$)/.test(req.path);
    res.locals.bodyPeek = watchBody(req, max, hold, () => refuse(req, res, max));
    next();
  };
}

function watchBody(req: Request, max: number, hold: boolean, onTooLarge: () => void): BodyPeek {
  let received = 0;
  let ended = false;
  let over = false;
  let discarded = false;
  let holding = hold;
  const held: Buffer[] = [];
  const head: Buffer[] = [];
  let headSize = 0;
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((wake) => wake());

  const push = req.push.bind(req);
  const release = () => {
    holding = false;
    for (const chunk of held.splice(0)) push(chunk);
    push(null);
  };
  req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
    if (chunk === null) {
      ended = true;
      const result = holding ? (over || discarded ? false : (release(), true)) : push(chunk, encoding);
      notify();
      return result;
    }
    if (over || discarded) return false;
    received += chunk.length;
    if (received > max) {
      over = true;
      held.length = 0;
      onTooLarge();
      notify();
      return false;
    }
    if (headSize < 8192) {
      head.push(Buffer.from(chunk));
      headSize += chunk.length;
    }
    notify();
    if (holding) {
      held.push(chunk);
      return true;
    }
    return push(chunk, encoding);
  };
  let gone = false;
  req.once("close", () => {
    if (!ended) gone = true;
    notify();
  });

  const wait = <T>(ready: () => T | undefined): Promise<T> =>
    new Promise((resolve) => {
      const check = () => {
        const value = ready();
        if (value === undefined) return;
        waiters.delete(check);
        resolve(value);
      };
      waiters.add(check);
      check();
    });

  return {
    until(enough, windowBytes) {
      return wait(() => {
        const text = Buffer.concat(head).subarray(0, windowBytes).toString("latin1");
        const done = ended || over || gone || headSize >= windowBytes;
        return enough(text, done) || done ? { text, ended: done } : undefined;
      });
    },
    complete() {
      if (!hold) return Promise.resolve(!over);
      return wait(() => (over || discarded || gone ? false : ended && !holding ? true : undefined));
    },
    discard() {
      discarded = true;
      held.length = 0;
      notify();
    },
  };
}
