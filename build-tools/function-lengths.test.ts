// Issue #27: no product function or component over 80 lines (client/, server/, shared/ and, since issue #39, the
// sandbox/; tests excluded), so that the rule holds from now on. Split a long one by what a reader looks for (a step
// handler per intent, a section per component, a route group per router), not by line count alone;
// `node build-tools/function-lengths.ts 80` lists them. There is no allow-list: the last long functions were split in
// issue #27 (the sandbox's in issue #39).
import { describe, expect, it } from "vitest";
import { longFunctions, productLongFunctions } from "./function-lengths.ts";

const LIMIT = 80;

describe("product functions stay short", () => {
  it(`no product function is over ${LIMIT} lines`, () => {
    const offenders = productLongFunctions(process.cwd(), LIMIT).map(
      (entry) => `${entry.file}:${entry.line} ${entry.name} (${entry.lines} lines)`,
    );
    expect(offenders).toEqual([]);
  });

  it("the check finds a long function (it measures what it claims)", () => {
    const body = Array.from({ length: LIMIT }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const found = longFunctions("x.ts", `export function tooLong() {\n${body}\n}\n`, LIMIT);
    expect(found).toEqual([{ file: "x.ts", line: 1, name: "tooLong", lines: LIMIT + 2 }]);
  });
});
