import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import bytes from "bytes";
import { plainPage, wantsJson } from "./plain-page.ts";

/** The first bytes of a request body, seen as they arrive, without taking them from whoever reads the body later. */
export type BodyPeek = {
  /** Resolves once `enough` says so, `windowBytes` have arrived, the body ended, or the request went away. */
  until(enough: (text: string, ended: boolean) => boolean, windowBytes: number): Promise<BodyPrefix>;
};
export type BodyPrefix = { text: string; ended: boolean };

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

/** 413 in Italian, then the connection goes: nothing more of that body is read. */
function refuse(req: Request, res: ServerResponse & { req: IncomingMessage }, max: number) {
  if (res.headersSent) {
    req.destroy();
    return;
  }
  const message = tooLargeMessage(max);
  res.statusCode = 413;
  res.setHeader("connection", "close");
  res.setHeader("cache-control", "no-store");
  if (wantsJson(req)) {
    res.setHeader("content-type", "application/json; charset=utf-8");
    res.end(JSON.stringify({ status: 413, title: message, details: [] }));
  } else {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(plainPage("Contenuto troppo grande", message));
  }
  // Closing at once could reset the connection before the client has read the answer: give it a moment.
  res.on("finish", () => setTimeout(() => req.destroy(), 1000).unref());
}

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
    res.locals.bodyPeek = watchBody(req, max, () => refuse(req, res, max));
    next();
  };
}

function watchBody(req: Request, max: number, onTooLarge: () => void): BodyPeek {
  let received = 0;
  let ended = false;
  let over = false;
  const head: Buffer[] = [];
  let headSize = 0;
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((wake) => wake());

  const push = req.push.bind(req);
  req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
    if (chunk === null) {
      ended = true;
      notify();
      return push(chunk, encoding);
    }
    if (over) return false;
    received += chunk.length;
    if (received > max) {
      over = true;
      onTooLarge();
      notify();
      return false;
    }
    if (headSize < 8192) {
      head.push(Buffer.from(chunk));
      headSize += chunk.length;
      notify();
    }
    return push(chunk, encoding);
  };
  req.once("close", () => {
    ended = true;
    notify();
  });

  return {
    until(enough, windowBytes) {
      return new Promise((resolve) => {
        const check = () => {
          const text = Buffer.concat(head).subarray(0, windowBytes).toString("latin1");
          const done = ended || over || headSize >= windowBytes;
          if (enough(text, done) || done) {
            waiters.delete(check);
            resolve({ text, ended: done });
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}
