import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import type { Logger } from "pino";
import type { Express } from "express";

const HEADER_TOO_LARGE =
  "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n" +
  "Le intestazioni della richiesta sono troppo grandi. Cancella i cookie del sito e riprova.\n";
const BAD_REQUEST =
  "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\nRichiesta non valida.\n";

/** An HTTP server whose malformed-request answers are Italian too (Node answers them before Express sees them). */
export function createHttpServer(app: Express, logger: Logger): Server {
  const server = createServer({ maxHeaderSize: 16 * 1024 }, app);
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    logger.debug({ code: error.code }, "client error");
    socket.end(error.code === "HPE_HEADER_OVERFLOW" ? HEADER_TOO_LARGE : BAD_REQUEST);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/** Stops accepting, lets requests in flight finish, then closes; forces the exit after `timeoutMs`. */
export function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, timeoutMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
