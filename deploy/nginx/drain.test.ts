// deploy/nginx/drain.sh against a real nginx (the configuration bench/replicas.ts generates: round robin over an
// included upstream list, the `upstreamlog` access log): two small upstream servers stand for the replicas. Taking
// one out waits for the request it is still answering, after which nginx sends it nothing; putting it back restores
// the round robin; a bad address changes nothing. nginx is installed by .ci/run (nginx-light).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, nginxBinary } from "../../bench/processes.ts";
import { drainScript, nginxConf, upstreamList } from "../../bench/replicas.ts";

const binary = nginxBinary();
const dir = mkdtempSync(join(tmpdir(), "drain-nginx-"));
let nginx: ChildProcess;
let url = "";
const servers: Server[] = [];
const ports: number[] = [];
/** Requests each upstream has received, by path. */
const received: string[][] = [[], []];
/** /slow stands for a request still being answered when the replica is taken out: it ends when the test says. */
let releaseSlow = () => {};
const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));

function upstream(index: number): Promise<Server> {
  const server = createServer((req, res) => {
    received[index]!.push(req.url ?? "");
    const answer = () => res.end(`replica ${index}`);
    if (req.url === "/slow") void slowReleased.then(answer);
    else answer();
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

/** The nginx master's worker processes now (their parent is the master). */
function workersOf(master: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // pid (comm) state ppid …: the comm may hold spaces, the fields after its ")" do not.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === master;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

async function fetchText(path: string): Promise<string> {
  const res = await fetch(`${url}${path}`, { headers: { connection: "close" } });
  return res.text();
}

beforeAll(async () => {
  expect(binary, "nginx is not installed (apt-get install nginx-light)").not.toBeNull();
  for (const i of [0, 1]) {
    const server = await upstream(i);
    servers.push(server);
    ports.push((server.address() as AddressInfo).port);
  }
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  writeFileSync(join(dir, "upstreams.conf"), upstreamList(ports));
  writeFileSync(join(dir, "nginx.conf"), nginxConf({ dir, port, root: process.getuid?.() === 0 }));
  const args = ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")];
  const check = spawnSync(binary!, ["-t", ...args], { encoding: "utf8" });
  expect(check.stderr).toContain("syntax is ok");
  nginx = spawn(binary!, [...args, "-g", "daemon off;"], { stdio: "ignore" });
  for (let i = 0; ; i++) {
    const ok = await fetchText("/").then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (i > 200) throw new Error("nginx did not start");
    await new Promise((r) => setTimeout(r, 25));
  }
});

afterAll(async () => {
  nginx?.kill("SIGQUIT");
  for (const server of servers) server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("deploy/nginx/drain.sh", () => {
  it("takes a replica out only once the request it is answering has ended, then sends it nothing", async () => {
    const address = `127.0.0.1:${ports[0]}`;
    // Round robin: of two slow requests, one is on each replica.
    const slow = [fetchText("/slow"), fetchText("/slow")];
    // Both have reached their replica (the start-up's requests are in `received` too) before the drain begins.
    while (!received[0]!.includes("/slow") || !received[1]!.includes("/slow"))
      await new Promise((r) => setTimeout(r, 10));
    // The slow answers end only once nginx has reloaded (new workers beside the old ones, which hold them): whatever
    // the machine's speed, they end after the reload, and the drain cannot be over before they have.
    const master = Number(readFileSync(join(dir, "nginx.pid"), "utf8"));
    const before = new Set(workersOf(master));
    let released = false;
    const draining = drainScript(binary!, dir, address, "out").then((report) => ({ report, released }));
    while (!workersOf(master).some((pid) => !before.has(pid))) await new Promise((r) => setTimeout(r, 10));
    released = true;
    releaseSlow();
    const { report, released: endedAfterRelease } = await draining;

    // It waited for the slow answer and the access log saw it end after the reload.
    expect(endedAfterRelease).toBe(true);
    expect(await Promise.all(slow)).toEqual(expect.arrayContaining(["replica 0", "replica 1"]));
    expect(report).toMatch(new RegExp(`^drain: ${address} is out: 1 of its requests ended after the reload`));
    expect(readFileSync(join(dir, "upstreams.conf"), "utf8")).toContain(
      `server ${address} max_fails=0 down;`,
    );

    const seen = received[0]!.length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetchText("/after-out")));
    expect(new Set(answers)).toEqual(new Set(["replica 1"]));
    expect(received[0]!.length).toBe(seen);
  });

  it("puts it back: the round robin reaches both again", async () => {
    const address = `127.0.0.1:${ports[0]}`;
    expect(await drainScript(binary!, dir, address, "in")).toBe(
      `drain: ${address} is back in the upstream list`,
    );
    expect(readFileSync(join(dir, "upstreams.conf"), "utf8")).not.toContain("down");
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await fetchText("/after-in"));
    expect(new Set(answers)).toEqual(new Set(["replica 0", "replica 1"]));
  });

  it("refuses an address that is not in the upstream list, and changes nothing", async () => {
    const list = readFileSync(join(dir, "upstreams.conf"), "utf8");
    await expect(drainScript(binary!, dir, "127.0.0.1:1", "out")).rejects.toThrow(
      "no line 'server 127.0.0.1:1'",
    );
    expect(readFileSync(join(dir, "upstreams.conf"), "utf8")).toBe(list);
  });
});
