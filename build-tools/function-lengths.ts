// Lists the product functions and components longer than N lines (default 60) in client/, server/, shared/ and
// sandbox/ (issue #39), tests excluded, longest first (issue #26: the count before and after the flow primitive).
//
//   node build-tools/function-lengths.ts [N] [--count]
//
// A function is any declaration, method, arrow function or function expression; its length runs from its first to
// its last line. A function nested in a longer one is listed too (its own length).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const ROOTS = ["client", "server", "shared", "sandbox"];
const SOURCE = /\.(ts|tsx)$/;
const EXCLUDED = /(\.test\.tsx?$|\.d\.ts$|\/\+types\/|\/tests?\/)/;

export type LongFunction = { file: string; line: number; name: string; lines: number };

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === "node_modules" ? [] : listFiles(path);
    return SOURCE.test(path) && !EXCLUDED.test(path) ? [path] : [];
  });
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) {
    return node.name.getText(source);
  }
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
  return "(anonymous)";
}

/** The functions of one file longer than `limit` lines. */
export function longFunctions(file: string, text: string, limit: number): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) found.push({ file, line: start + 1, name: nameOf(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The product functions (client/, server/, shared/, sandbox/ under `root`, tests excluded) longer than `limit`,
 * longest first.
 */
export function productLongFunctions(root: string, limit: number): LongFunction[] {
  const all = ROOTS.flatMap((dir) => listFiles(join(root, dir))).flatMap((path) =>
    longFunctions(relative(root, path), readFileSync(path, "utf8"), limit),
  );
  return all.sort((a, b) => b.lines - a.lines);
}

function main() {
  const args = process.argv.slice(2);
  const limit = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 60);
  const all = productLongFunctions(process.cwd(), limit);
  if (!args.includes("--count")) {
    for (const entry of all)
      process.stdout.write(
        `${String(entry.lines).padStart(4)}  ${entry.file}:${entry.line}  ${entry.name}\n`,
      );
  }
  process.stdout.write(`${all.length} product functions over ${limit} lines\n`);
}

if (import.meta.main) main();
