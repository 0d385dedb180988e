import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An upstream as slow as a real one can be, for the at-most-once tests: a relay in front of `target` (the sandbox)
 * that passes every request on, except that the answer of the FIRST request `hold` picks is withheld. That call
 * reaches the sandbox (the write is made) and the portal waits for an answer that never comes, until its own
 * timeout (`UPSTREAM_TIMEOUT_MS`) makes it give up, as it would with a slow BFF. `answered` settles once the
 * sandbox has answered the held call (the write exists); the answer itself is dropped.
 */
export async function startHeldRelay(target: string, hold: (method: string, path: string) => boolean) {
  let held = false;
  let markAnswered!: () => void;
  const answered = new Promise<void>((resolve) => (markAnswered = resolve));
  /** Every request the portal sent: method, path and headers (what reaches the BFF). */
  const received: Array<{ method: string; path: string; headers: IncomingHttpHeaders }> = [];
  const to = new URL(target);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", target).pathname;
    received.push({ method: req.method ?? "", path, headers: req.headers });
    const holding = !held && hold(req.method ?? "", path);
    if (holding) held = true;
    const forward = httpRequest(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (upstream) => {
        const chunks: Buffer[] = [];
        upstream.on("data", (chunk: Buffer) => chunks.push(chunk));
        upstream.on("end", () => {
          if (holding) return markAnswered();
          if (res.destroyed) return;
          res.writeHead(upstream.statusCode ?? 502, upstream.headers);
          res.end(Buffer.concat(chunks));
        });
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
