import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import bytes from "bytes";
import { plainPage, wantsJson } from "./plain-page.ts";
import type { Locale } from "#shared/locale.ts";
import { requestLocale, serverText } from "#server/texts.ts";

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

/**
 * Sets the security headers of a refused request's answer (a page's CSP and the rest, or a proxied answer's own):
 * the 413 is given by the first middleware, before the ones that set them for every other answer.
 */
export type RefusalHeaders = (req: Request, res: ServerResponse) => void;

export type BodyLimits = {
  /** Any body but a multipart upload, in bytes. */
  limit: number;
  /** A multipart upload as a whole, in bytes (each file has its own limit where the form is parsed). */
  uploadLimit: number;
};

function tooLargeMessage(max: number, locale: Locale): string {
  return serverText(locale, "server.tooLarge.message", {
    max: bytes.format(max, { unitSeparator: " " }) ?? "",
  });
}

/** How long a refused request's connection keeps reading (and discarding) after its answer before it is closed. */
const LINGER_MS = 1000;

/**
 * Closes the connection of a request whose body was refused: the answer announces it (`Connection: close`), the
 * portal's side of the connection is shut right after the answer (the client sees the end of the stream), and the
 * connection is closed for good a moment later. Meanwhile Node reads and discards what still arrives, so the client
 * reads the answer instead of a reset (closing a socket with unread bytes makes the kernel send one), and nothing
 * more is kept.
 */
export function lingerThenClose(req: Request, res: ServerResponse) {
  if (!res.headersSent) res.setHeader("connection", "close");
  const socket = req.socket;
  // With `Connection: close`, Node calls `destroySoon()` once the answer is written, which closes at once, unread
  // bytes and all (a reset); this socket shuts its writing side instead, and lingers.
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  res.once("finish", () => setTimeout(() => req.destroy(), LINGER_MS).unref());
}

/** 413 in the page's language, with the headers every answer has; nothing more of that body is kept. */
function refuse(
  req: Request,
  res: ServerResponse & { req: IncomingMessage },
  max: number,
  setHeaders: RefusalHeaders | undefined,
) {
  if (res.headersSent) {
    req.destroy();
    return;
  }
  const locale = requestLocale(req, res as { locals?: Partial<Response["locals"]> });
  const message = tooLargeMessage(max, locale);
  res.statusCode = 413;
  lingerThenClose(req, res);
  setHeaders?.(req, res);
  res.setHeader("cache-control", "no-store");
  if (wantsJson(req)) {
    res.setHeader("content-type", "application/json; charset=utf-8");
    res.end(JSON.stringify({ status: 413, title: message, details: [] }));
  } else {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(plainPage(serverText(locale, "server.tooLarge.title"), message, locale));
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
export function limitRequestBody(limits: BodyLimits, setHeaders?: RefusalHeaders): RequestHandler {
  return (req, res, next) => {
    const type = String(req.headers["content-type"] ?? "");
    const max = /^multipart\/form-data/i.test(type) ? limits.uploadLimit : limits.limit;
    const announced = Number(req.headers["content-length"] ?? 0);
    if (!Number.isFinite(announced) || announced > max) return refuse(req, res, max, setHeaders);
    // Most requests (every GET) have no body at all: Node's parser gives them none without `Transfer-Encoding` or a
    // `Content-Length` above 0, so there is nothing to count, hold or peek at (and no per-request closures to make).
    if (announced === 0 && req.headers["transfer-encoding"] === undefined) {
      res.locals.bodyPeek = NO_BODY;
      return next();
    }
    // Proxied bodies stream to the upstream as they come; a page's body is held until complete, so an action never
    // starts on a body that may still turn out too large.
    const hold = !/^\/api(-public)?(\/|$)/.test(req.path);
    res.locals.bodyPeek = watchBody(req, max, hold, () => refuse(req, res, max, setHeaders));
    next();
  };
}

/** What the watch of one body knows: what arrived, how it ended, what it holds back and what it keeps to peek at. */
type BodyWatch = {
  received: number;
  /** The parser handed over the body's end. */
  ended: boolean;
  /** Past the limit (answered 413): nothing more is kept. */
  over: boolean;
  /** Refused by the portal (`discard`): nothing more is kept. */
  discarded: boolean;
  /** The client went away before the body ended. */
  gone: boolean;
  /** A page's body: its chunks are held back from its reader until it is complete. */
  holding: boolean;
  held: Buffer[];
  /** A copy of the body's first bytes (about `HEAD_BYTES`), for `until`. */
  head: Buffer[];
  headSize: number;
  /** Who waits for more of the body (`until`, `complete`): woken at every change. */
  waiters: Set<() => void>;
};

const HEAD_BYTES = 8192;

type Push = (chunk: Buffer | null, encoding?: BufferEncoding) => boolean;

const notify = (watch: BodyWatch) => watch.waiters.forEach((wake) => wake());

/** The body's end: a held body goes to its reader whole, unless it was refused (then its reader never sees it). */
function endOfBody(watch: BodyWatch, push: Push): boolean {
  watch.ended = true;
  let result: boolean;
  if (!watch.holding) result = push(null);
  else if (watch.over || watch.discarded) result = false;
  else {
    watch.holding = false;
    for (const chunk of watch.held.splice(0)) push(chunk);
    push(null);
    result = true;
  }
  notify(watch);
  return result;
}

/**
 * One chunk from the parser: counted against the limit (past it: refused at once, nothing kept), copied into the
 * head while that is short, then held back (a page's body) or passed on to the reader (a proxied body).
 */
function takeChunk(
  watch: BodyWatch,
  chunk: Buffer,
  limit: { max: number; onTooLarge: () => void },
  pass: () => boolean,
): boolean {
  if (watch.over || watch.discarded) return false;
  watch.received += chunk.length;
  if (watch.received > limit.max) {
    watch.over = true;
    watch.held.length = 0;
    limit.onTooLarge();
    notify(watch);
    return false;
  }
  if (watch.headSize < HEAD_BYTES) {
    watch.head.push(Buffer.from(chunk));
    watch.headSize += chunk.length;
  }
  notify(watch);
  if (!watch.holding) return pass();
  watch.held.push(chunk);
  return true;
}

/** Resolves with what `ready` gives once it gives something, checked now and at every change of the body. */
function waitFor<T>(watch: BodyWatch, ready: () => T | undefined): Promise<T> {
  return new Promise((resolve) => {
    const check = () => {
      const value = ready();
      if (value === undefined) return;
      watch.waiters.delete(check);
      resolve(value);
    };
    watch.waiters.add(check);
    check();
  });
}

/** What the portal's middleware and the page's action see of the watched body. */
function peekOf(watch: BodyWatch, hold: boolean): BodyPeek {
  return {
    until(enough, windowBytes) {
      return waitFor(watch, () => {
        const text = Buffer.concat(watch.head).subarray(0, windowBytes).toString("latin1");
        const done = watch.ended || watch.over || watch.gone || watch.headSize >= windowBytes;
        return enough(text, done) || done ? { text, ended: done } : undefined;
      });
    },
    complete() {
      if (!hold) return Promise.resolve(!watch.over);
      return waitFor(watch, () => {
        if (watch.over || watch.discarded || watch.gone) return false;
        return watch.ended && !watch.holding ? true : undefined;
      });
    },
    discard() {
      watch.discarded = true;
      watch.held.length = 0;
      notify(watch);
    },
  };
}

/** Takes over `req.push` (where the HTTP parser hands the body over) to count, hold and peek at the body. */
function watchBody(req: Request, max: number, hold: boolean, onTooLarge: () => void): BodyPeek {
  const watch: BodyWatch = {
    received: 0,
    ended: false,
    over: false,
    discarded: false,
    gone: false,
    holding: hold,
    held: [],
    head: [],
    headSize: 0,
    waiters: new Set(),
  };
  const push: Push = req.push.bind(req);
  req.push = (chunk: Buffer | null, encoding?: BufferEncoding) =>
    chunk === null
      ? endOfBody(watch, push)
      : takeChunk(watch, chunk, { max, onTooLarge }, () => push(chunk, encoding));
  req.once("close", () => {
    if (!watch.ended) watch.gone = true;
    notify(watch);
  });
  return peekOf(watch, hold);
}
