// A page stored anew is what the shipped nginx cache serves next. deploy/nginx/page-cache.conf keeps the stored files
// open from one hit to the next (open_file_cache); a refresh writes a new file over the old name, and nginx must give
// the new copy, not the old one from a descriptor it kept. Behind a real nginx with the shipped configuration, a
// stand-in portal whose every answer is a new copy ("copy 1", "copy 2"), each public for one second: after the first
// copy has expired, nginx fetches the second in the background and its hits give the second.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { get } from "../../bench/support.ts";
import { nginxBinary, startNginxWith, stop } from "../../bench/processes.ts";
import { pageCacheIncludes } from "../../bench/replicas.ts";

let portal: Server;
let copies = 0;
let front: Awaited<ReturnType<typeof startNginxWith>>;

beforeAll(async () => {
  portal = createServer((req, res) => {
    // nginx's start-up check asks for "/": only the page under test counts its copies.
    if (req.url === "/servizi") copies += 1;
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      // What the portal sends with an anonymous page (server/render/page-cache.ts), for one second.
      "Cache-Control": "public, max-age=0, s-maxage=1, stale-while-revalidate=60",
      Vary: "Accept-Encoding, Cookie",
    });
    res.end(`copy ${copies}`);
  });
  await new Promise<void>((resolve) => portal.listen(0, "127.0.0.1", resolve));
  const portalAddress = `127.0.0.1:${(portal.address() as AddressInfo).port}`;
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed (apt-get install nginx-light)");
  front = await startNginxWith(binary, (dir, port) => {
    const cache = pageCacheIncludes(dir);
    return `  ${cache.http}
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://${portalAddress};
      proxy_set_header Host $http_host;
      ${cache.location}
    }
  }`;
  });
}, 30_000);

afterAll(async () => {
  if (front) {
    await stop(front.child, "SIGQUIT");
    front.cleanup();
  }
  await new Promise((resolve) => portal?.close(resolve));
});

const page = async () => {
  const reply = await get(`${front.url}/servizi`, { host: "comune-a.localhost", accept: "text/html" });
  return { copy: reply.body.toString("utf8"), cache: reply.headers["x-cache-status"] };
};

it("serves the page stored anew after a refresh, not the copy it had open", async () => {
  expect(await page()).toEqual({ copy: "copy 1", cache: "MISS" });
  // Hits of the first copy: nginx now keeps its file open.
  expect(await page()).toEqual({ copy: "copy 1", cache: "HIT" });
  expect(await page()).toEqual({ copy: "copy 1", cache: "HIT" });
  // Past its second, the first copy is given while nginx fetches the second (stale-while-revalidate); then the second
  // copy's hits. Asked until the second copy is a hit (the first copy's expiry is nginx's clock, not the test's).
  const seen: { copy: string; cache: unknown }[] = [];
  for (;;) {
    const reply = await page();
    seen.push(reply);
    if (reply.copy === "copy 2" && reply.cache === "HIT") break;
    // The old copy from a kept descriptor would be a hit of "copy 1" after nginx had asked for copy 2.
    if (copies >= 2) expect(reply).not.toEqual({ copy: "copy 1", cache: "HIT" });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(seen.some((reply) => reply.cache === "STALE" || reply.cache === "UPDATING")).toBe(true);
  expect(await page()).toEqual({ copy: "copy 2", cache: "HIT" });
  // One refresh: the stand-in was asked for two copies.
  expect(copies).toBe(2);
}, 20_000);
