import { spawn } from "node:child_process";
import { request } from "node:http";
import { afterAll, expect, test } from "vitest";

const closers: (() => void)[] = [];
afterAll(() => closers.splice(0).forEach((close) => close()));

/**
 * The development server (Vite in middleware mode) started as a plain `node server/dev.ts`, without the
 * `--conditions development` of `npm run dev`: Node and Vite must still agree on one copy of react-router.
 */
test("the development server renders pages however Node was started", { timeout: 90_000 }, async () => {
  // The HMR socket listens on PORT + 20000: keep both below 65536 and away from the e2e ports.
  const port = 30_000 + Math.floor(Math.random() * 9_000);
  const child = spawn(process.execPath, ["server/dev.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  closers.push(() => child.kill("SIGKILL"));
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  await expect.poll(() => output.includes("listening"), { timeout: 60_000 }).toBe(true);

  const { status, body } = await getPage(port, "/");
  expect(status, output.slice(-2000)).toBe(200);
  expect(body).toContain("<title>Servizi online - Comune di Valverde</title>");
});

function getPage(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host: "comune-a.localhost" } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
