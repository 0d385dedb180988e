import { createServer, type Server, type ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import type { Logger } from "pino";
import type { Express } from "express";
import { ALLOWED_METHODS, REFUSED_METHODS } from "./middleware/request-target.ts";
import { serverText, type ServerTextKey } from "./texts.ts";

/** An answer to a request that could not be read (no page, no language known): the text in Italian, then English. */
const bothLanguages = (key: ServerTextKey) => `${serverText("it", key)}\n${serverText("en", key)}\n`;
const HEADER_TOO_LARGE =
  "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n" +
  bothLanguages("server.headersTooLarge");
const BAD_REQUEST =
  "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n" +
  bothLanguages("server.badRequest.message");
const METHOD_NOT_ALLOWED =
  `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
  "Connection: close\r\n\r\n" +
  bothLanguages("server.methodNotAllowed.message");

/** How often a server shutting down closes the keep-alive connections that went idle since. */
const IDLE_SWEEP_MS = 100;
/**
 * How long a server shutting down leaves its idle keep-alive connections open (at most; a quarter of the shutdown
 * timeout when that is shorter). A reverse proxy with a pool of connections to this replica (nginx `keepalive`) may
 * send its next request on one of them at the very moment the server closes it: the request is lost with a reset,
 * and the proxy retries it on the next replica only when its method is idempotent. The rollout bench
 * (bench/rollout.ts) saw a citizen's form post answered 502 that way. During this window a request arriving on such
 * a connection is answered, with `Connection: close`, so the proxy drops the connection itself; the listener is
 * closed at once (a refused connection is retried safely, whatever the method).
 */
const IDLE_GRACE_MS = 1000;

/** Servers whose graceful close has begun: their answers end their connections. */
const closing = new WeakSet<Server>();

const SLOT = Symbol("in-flight slot");
type Answer = ServerResponse & { [SLOT]?: number };

/**
 * A server's answers under way, so a shutdown can ask those not yet started to close their connections. An array
 * whose answers know their slot (removal moves the last answer into the freed slot) rather than a `Set`: V8 rebuilds
 * a Set's table as entries come and go, and an old table, dead but already in the old generation, still points at
 * the answers it held, which kept every answer alive through two young collections and promoted it. Under load that
 * was ~2 MB promoted per young collection (~0.65 MB with the array) and about a fifth of the proxy's CPU time per
 * request (docs/decisions/lean-proxy.md, sixth look).
 */
class AnswersInFlight implements Iterable<ServerResponse> {
  readonly #answers: Answer[] = [];
  add(res: Answer): void {
    res[SLOT] = this.#answers.length;
    this.#answers.push(res);
    res.once("close", () => this.#remove(res));
  }
  #remove(res: Answer): void {
    const slot = res[SLOT]!;
    const last = this.#answers.pop()!;
    if (last !== res) {
      this.#answers[slot] = last;
      last[SLOT] = slot;
    }
  }
  [Symbol.iterator]() {
    return this.#answers.values();
  }
}
const inFlight = new WeakMap<Server, AnswersInFlight>();

/** The method of a request Node's parser refused (e.g. TRACK, which llhttp does not know). */
function refusedMethod(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): boolean {
  const method = /^([A-Z]+) /.exec(error.rawPacket?.toString("latin1", 0, 16) ?? "")?.[1];
  return method !== undefined && REFUSED_METHODS.has(method);
}

/**
 * An HTTP server whose own answers are Italian too: malformed requests (Node answers them before Express sees them),
 * TRACK and CONNECT (405). Requests without `Host` reach Express, which answers them (see middleware/host-header.ts).
 */
export function createHttpServer(app: Express, logger: Logger): Server {
  const answers = new AnswersInFlight();
  // One listener: the answer is counted in flight (or, once shutting down, closes its connection), then the app.
  const server = createServer({ maxHeaderSize: 16 * 1024, requireHostHeader: false }, (req, res) => {
    if (closing.has(server)) res.setHeader("Connection", "close");
    else answers.add(res);
    app(req, res);
  });
  inFlight.set(server, answers);
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    logger.debug({ code: error.code }, "client error");
    if (error.code === "HPE_HEADER_OVERFLOW") socket.end(HEADER_TOO_LARGE);
    else if (error.code === "HPE_INVALID_METHOD" && refusedMethod(error)) socket.end(METHOD_NOT_ALLOWED);
    else socket.end(BAD_REQUEST);
  });
  // Without a listener Node would drop CONNECT requests without a word.
  server.on("connect", (_req, socket: Socket) => {
    logger.debug("CONNECT refused");
    socket.end(METHOD_NOT_ALLOWED);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/**
 * Stops accepting, lets requests in flight finish, then closes; forces the exit after `timeoutMs`. Every answer from
 * now on says `Connection: close` (answers whose headers are not sent yet too; those already streaming end their
 * connection as soon as they finish), so each connection ends with its answer; idle keep-alive connections are left open for a short grace (`IDLE_GRACE_MS`, a request arriving on one is
 * still answered) and closed after it, as are connections whose answer was already streaming once they are idle.
 */
export function closeGracefully(
  server: Server,
  timeoutMs: number,
  idleGraceMs = Math.min(IDLE_GRACE_MS, timeoutMs / 4),
): Promise<void> {
  closing.add(server);
  for (const res of inFlight.get(server) ?? []) {
    if (!res.headersSent) res.setHeader("Connection", "close");
    // Already streaming with keep-alive: the connection ends with the answer, before the client (a proxy's pool)
    // can send its next request on it, rather than at a later sweep racing that request.
    // (The socket is taken now: the answer lets go of it before its "finish" listeners run.)
    else {
      const socket = res.socket;
      res.once("finish", () => socket?.end());
    }
  }
  return new Promise((resolve) => {
    let sweep: NodeJS.Timeout | undefined;
    const startSweeping = setTimeout(() => {
      server.closeIdleConnections();
      sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      sweep.unref();
    }, idleGraceMs);
    startSweeping.unref();
    const force = setTimeout(() => {
      clearTimeout(startSweeping);
      clearInterval(sweep);
      server.closeAllConnections();
      resolve();
    }, timeoutMs);
    force.unref();
    // net.Server's close, not http.Server's: since Node 19 the latter also closes the idle connections at once.
    NetServer.prototype.close.call(server, () => {
      clearTimeout(force);
      clearTimeout(startSweeping);
      clearInterval(sweep);
      // Now http.Server's own close, for its clean-up (its timer of request timeouts); the listener is closed already.
      server.close(() => {});
      resolve();
    });
  });
}
