// npm scripts side by side (issue #39 item 7: CI time). `npm run validate`'s checks: ESLint, Prettier and tsc each use
// one core for 20–30 s; one after another they took 66 s of a clean clone's CI, side by side on two cores ~45 s.
// `npm test`'s last two Playwright runs: the replicas' leaves a third of the CPU idle (waiting on nginx, redis and the
// replicas it kills), the published BFF's fills it; 160 s one after the other, 127 s side by side.
// Each check's output is printed whole when it ends, under its name, so two checks' lines never interleave; the exit
// code is the first failure's (1 when a check was killed by a signal), 0 when every check passed.
//
//   node build-tools/run-parallel.ts lint:eslint lint:prettier typecheck   (npm script names)
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";

export type Check = { name: string; command: string; args: string[] };
export type CheckResult = { name: string; code: number; output: string; seconds: number };

/** Runs `check`, gathering its stdout and stderr in the order they came. */
export function runCheck(check: Check): Promise<CheckResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(check.command, check.args, { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = (code: number, extra = "") =>
      resolve({
        name: check.name,
        code,
        output: Buffer.concat(chunks).toString("utf8") + extra,
        seconds: (performance.now() - started) / 1000,
      });
    child.on("error", (error) => done(1, `\n${error.message}\n`));
    child.on("close", (code) => done(code ?? 1));
  });
}

/** Runs every check at once; `report` sees each as it ends. Resolves with the exit code for the whole. */
export async function runParallel(checks: Check[], report: (result: CheckResult) => void): Promise<number> {
  const results = await Promise.all(
    checks.map((check) => runCheck(check).then((result) => (report(result), result))),
  );
  return results.find((result) => result.code !== 0)?.code ?? 0;
}

function printResult(result: CheckResult) {
  const verdict = result.code === 0 ? "passed" : `FAILED (exit ${result.code})`;
  process.stdout.write(
    `\n---- ${result.name}: ${verdict} in ${result.seconds.toFixed(1)} s ----\n${result.output}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const scripts = process.argv.slice(2);
  const checks = scripts.map((name) => ({ name, command: "npm", args: ["run", "--silent", name] }));
  process.exitCode = await runParallel(checks, printResult);
}
