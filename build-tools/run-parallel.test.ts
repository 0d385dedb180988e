import { describe, expect, it } from "vitest";
import { runParallel, type CheckResult } from "./run-parallel.ts";

const node = (name: string, script: string) => ({ name, command: process.execPath, args: ["-e", script] });

describe("run-parallel: validate's checks side by side", () => {
  it("runs the checks at the same time and reports each one's own output", async () => {
    const reported: CheckResult[] = [];
    // Each check waits for a file the other writes: they pass only if both run at once.
    const dir = `${process.env.TMPDIR ?? "/tmp"}/run-parallel-${process.pid}`;
    const waitFor = (mine: string, theirs: string) =>
      `const fs=require("fs");fs.mkdirSync(${JSON.stringify(dir)},{recursive:true});` +
      `fs.writeFileSync(${JSON.stringify(`${dir}/${mine}`)},"");` +
      `const t=setInterval(()=>{if(fs.existsSync(${JSON.stringify(`${dir}/${theirs}`)})){clearInterval(t);console.log("${mine} saw ${theirs}")}},10);`;
    const code = await runParallel(
      [node("first", waitFor("a", "b")), node("second", waitFor("b", "a"))],
      (r) => reported.push(r),
    );
    expect(code).toBe(0);
    expect(reported.map((r) => [r.name, r.output.trim()]).sort()).toEqual([
      ["first", "a saw b"],
      ["second", "b saw a"],
    ]);
  });

  it("fails with the failing check's exit code and still reports the others", async () => {
    const reported: string[] = [];
    const code = await runParallel(
      [node("ok", 'console.log("fine")'), node("broken", 'console.error("no"); process.exit(3)')],
      (r) => reported.push(`${r.name}:${r.code}:${r.output.trim()}`),
    );
    expect(code).toBe(3);
    expect(reported.sort()).toEqual(["broken:3:no", "ok:0:fine"]);
  });

  it("a command that cannot start is a failure, not a pass", async () => {
    const code = await runParallel([{ name: "missing", command: "/nonexistent/tool", args: [] }], () => {});
    expect(code).toBe(1);
  });
});
