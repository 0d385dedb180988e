// A baseline for bench/run.ts, never part of the portal: the cheapest relay Node can be on this machine. The same
// technique as the portal's proxy (server/proxy/api-proxy.ts: Node's HTTP server, an undici Pool driven through the
// dispatcher API, the answer written chunk by chunk) with none of its checks: no tenant, cookies, XSRF, path guard,
// header hygiene, identity headers, timeouts, metrics or access log. It forwards like the bench's nginx does (the
// client's headers, the upstream's Host, the tenant's X-Forwarded-Host). Its distance to nginx is what any Node relay
// starts from; its distance to the portal is what the portal's checks cost. Request bodies are not relayed (the
// bench sends GETs).
//
// Usage: node bench/bare-relay.ts <upstream URL> <X-Forwarded-Host>; prints {"url": …} once listening.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Pool, type Dispatcher } from "undici";

const [upstream, forwardedHost] = process.argv.slice(2);
if (!upstream || !forwardedHost) throw new Error("usage: bare-relay.ts <upstream URL> <X-Forwarded-Host>");
const target = new URL(upstream);
const pool = new Pool(target.origin, { connections: 128, pipelining: 1 });
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade"]);

const server = createServer((req, res) => {
  const headers: Record<string, string | string[]> = {};
  for (const name in req.headers) {
    const value = req.headers[name];
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  headers.host = target.host;
  headers["x-forwarded-host"] = forwardedHost;
  const handler: Dispatcher.DispatchHandler = {
    onRequestStart() {},
    onResponseStart(_controller, status, answer) {
      const out: Record<string, string | string[]> = {};
      for (const name in answer) if (!HOP_BY_HOP.has(name)) out[name] = answer[name]!;
      res.writeHead(status, out);
    },
    onResponseData(_controller, chunk) {
      res.write(chunk);
    },
    onResponseEnd() {
      res.end();
    },
    onResponseError() {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    },
  };
  pool.dispatch(
    { method: req.method as Dispatcher.HttpMethod, path: req.url!, headers, body: null },
    handler,
  );
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
const stop = () => server.close(() => void pool.close().finally(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
