// bench/processes.ts's last word (the rollout bench's watchdog, a bench's exit): killChildren ends nginx with its
// workers. A worker outlives its master killed with SIGKILL and keeps listening (issue #37: the rollout bench's
// watchdog left one on its port); nginx is spawned as the leader of its own process group, killed whole.
import { createServer } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { killChildren, nginxBinary, startNginx } from "./processes.ts";

const accepts = (url: string) =>
  new Promise<boolean>((done) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    socket.once("connect", () => (socket.destroy(), done(true)));
    socket.once("error", () => done(false));
  });

describe("killChildren", () => {
  it("leaves no nginx worker listening", async () => {
    const binary = nginxBinary();
    expect(binary, "nginx is not installed (apt-get install nginx-light)").not.toBeNull();
    // Something for nginx to proxy to (its start-up check asks it once).
    const upstream = createServer((_req, res) => res.end("ok")).listen(0, "127.0.0.1");
    await new Promise((r) => upstream.once("listening", r));
    const { port } = upstream.address() as AddressInfo;
    const nginx = await startNginx(binary!, `http://127.0.0.1:${port}`, "comune-a.localhost");
    try {
      expect(await accepts(nginx.url)).toBe(true);
      const exited = new Promise((r) => nginx.child.once("exit", r));
      killChildren();
      await exited;
      // The workers die with the master's group; without it one kept accepting connections.
      let listening = true;
      for (let i = 0; i < 100 && listening; i++) {
        listening = await accepts(nginx.url);
        if (listening) await new Promise((r) => setTimeout(r, 50));
      }
      expect(listening, "an nginx worker still accepts connections on the port").toBe(false);
    } finally {
      nginx.cleanup();
      upstream.close();
    }
  });
});
