import { spawn } from "node:child_process";
import { request } from "node:http";
import { afterAll, expect, test } from "vitest";

// Every module the process loads, written synchronously to stdout, where the server's own log lines go too: the
// order of the output is the order of events.
const TRACE_MODULE_LOADS = `
import { registerHooks } from "node:module";
import { writeSync } from "node:fs";
registerHooks({
  load(url, context, nextLoad) {
    writeSync(1, "module loaded: " + url + "\\n");
    return nextLoad(url, context);
  },
});
`;
const SERVER_BUILD = /module loaded: \S*\/build\/server\/assets\/server-build-[\w-]+\.js/;

const stops: (() => void)[] = [];
afterAll(() => stops.forEach((stop) => stop()));

function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, agent: false, headers: { host: "comune-a.localhost" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

test("the server listens only once the pages are loaded: the first page imports nothing more", async () => {
  const port = 3990 + Math.floor(Math.random() * 9);
  const child = spawn(
    process.execPath,
    ["--import", `data:text/javascript,${encodeURIComponent(TRACE_MODULE_LOADS)}`, "server/index.ts"],
    {
      // No UPSTREAM_URL: the embedded sandbox answers the first page.
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", UPSTREAM_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  stops.push(() => child.kill("SIGKILL"));
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  await expect.poll(() => output.includes("listening on"), { timeout: 60_000 }).toBe(true);

  const beforeListening = output.slice(0, output.indexOf("listening on"));
  expect(beforeListening).toMatch(SERVER_BUILD);
  expect(beforeListening).toMatch(/module loaded: \S*\/date-fns\/locale\/it\.js/);
  // …by module: date-fns' index modules would load the whole library (~1,100 files, ~2 s; shared/dates.ts)
  expect(beforeListening).not.toMatch(/module loaded: \S*\/date-fns\/(index|locale)\.js/);

  const loadedSoFar = output.length;
  expect(await get(port, "/")).toBe(200);
  await expect.poll(() => output.slice(loadedSoFar)).toContain('"statusCode":200');
  expect(output.slice(loadedSoFar)).not.toContain("module loaded:");
}, 40_000);
