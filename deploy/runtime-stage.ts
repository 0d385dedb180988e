// What the image contains, laid out without Docker (none in CI): the Dockerfile's last stage read instruction by
// instruction, so that a test runs exactly the files the image holds (deploy/runtime-stage.test.ts).
//
// - `COPY <src>… <dest>` from the build context: the repository filtered by .dockerignore, as Docker sends it.
// - `COPY --from=<stage> /app/<path> <dest>`: a stage that runs `npm ci --omit=…` gives its node_modules, laid out
//   from package-lock.json with the same omissions (below); any other stage (the build stage, `COPY . .` then
//   `npm run build`) gives the repository's file at that path, which `npm run build` made.
// - `ENV`, `WORKDIR` and `CMD` are returned for the caller to start the process as the image would.
//
// The production node_modules: `npm ci --omit=dev --omit=optional` installs every package of the lock file except
// those flagged dev, optional or devOptional, at the lock's own paths. The same packages are hard-linked (copied
// across file systems) from the repository's node_modules, which `npm ci` installed from the same lock: the same
// tree in about a second instead of half a minute of npm (compared package by package on 2026-11-29: 265 = 265).
// A package with an install script would make the two differ; `productionPackages` refuses it.
import {
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
} from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..");

export type Instruction = { op: string; args: string };
export type Stage = { name: string; image: string; instructions: Instruction[] };

/** The Dockerfile's stages, with line continuations joined and comments dropped. */
export function parseDockerfile(text: string): Stage[] {
  const lines: string[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    if (!pending && (line.trim() === "" || line.trim().startsWith("#"))) continue;
    if (pending && line.trim().startsWith("#")) continue;
    if (line.endsWith("\\")) pending += line.slice(0, -1) + " ";
    else {
      lines.push((pending + line).trim());
      pending = "";
    }
  }
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, op = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = op.toUpperCase();
    if (upper === "FROM") {
      const [, image = "", name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ name: name ?? String(stages.length), image, instructions: [] });
    } else if (stages.length) stages.at(-1)!.instructions.push({ op: upper, args });
  }
  return stages;
}

/** A .dockerignore pattern as Docker reads it: relative to the context's root, `*` within a segment, `**` across. */
function ignoreMatcher(patterns: string[]): (path: string) => boolean {
  const rules = patterns.map((pattern) => {
    const negate = pattern.startsWith("!");
    const body = (negate ? pattern.slice(1) : pattern).replace(/^\/+|\/+$/g, "");
    const source = body
      .split("/")
      .map((segment) =>
        segment === "**"
          ? "(?:.*)"
          : segment
              .replace(/[.+^${}()|[\]\\]/g, "\\$&")
              .replace(/\*/g, "[^/]*")
              .replace(/\?/g, "[^/]"),
      )
      .join("/")
      .replace(/\(\?:\.\*\)\//g, "(?:.*/)?");
    // A pattern that names a directory also excludes what is inside it.
    return { negate, regex: new RegExp(`^${source}(?:/.*)?$`) };
  });
  return (path) => {
    let ignored = false;
    for (const rule of rules) if (rule.regex.test(path)) ignored = !rule.negate;
    return ignored;
  };
}

export function dockerIgnore(root = ROOT): (path: string) => boolean {
  const file = join(root, ".dockerignore");
  const patterns = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith("#"))
    : [];
  return ignoreMatcher(patterns);
}

type LockPackage = {
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  link?: boolean;
  hasInstallScript?: boolean;
};

/** The lock file's packages `npm ci` installs with these `--omit` values (their paths under the project). */
export function productionPackages(root: string, omit: readonly string[]): string[] {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
    lockfileVersion: number;
    packages: Record<string, LockPackage>;
  };
  if (lock.lockfileVersion < 2) throw new Error("package-lock.json: lockfileVersion 2 or later expected");
  const omitted = (p: LockPackage) =>
    (omit.includes("dev") && p.dev) ||
    (omit.includes("optional") && p.optional) ||
    (omit.includes("dev") && omit.includes("optional") && p.devOptional);
  const kept = Object.entries(lock.packages).filter(([path, p]) => path !== "" && !p.link && !omitted(p));
  const scripted = kept.filter(([, p]) => p.hasInstallScript).map(([path]) => path);
  if (scripted.length)
    throw new Error(
      `production packages with an install script (the image's npm ci would run it; hard links would not): ${scripted.join(", ")}`,
    );
  return kept.map(([path]) => path);
}

/** Hard links (or copies, across file systems) of `from`'s files into `to`, skipping nested node_modules. */
function linkTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) cpSync(source, target, { verbatimSymlinks: true });
    else {
      try {
        linkSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        cpSync(source, target);
      }
    }
  }
}

/** Bytes of the files under `dir` (hard links counted once per path, as `du --apparent-size` would). */
export function treeBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += treeBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** Splits a COPY's arguments: flags, sources, destination (JSON form or whitespace form). */
function copyArgs(args: string): { from?: string; sources: string[]; dest: string } {
  const words = args.split(/\s+/);
  let from: string | undefined;
  while (words[0]?.startsWith("--")) {
    const flag = words.shift()!;
    const m = /^--from=(.+)$/.exec(flag);
    if (m) from = m[1];
    else if (!/^--(chown|chmod|link)(=|$)/.test(flag)) throw new Error(`COPY ${flag}: not understood`);
  }
  const rest = words.join(" ");
  const list = rest.startsWith("[") ? (JSON.parse(rest) as string[]) : words;
  return { from, sources: list.slice(0, -1), dest: list.at(-1)! };
}

export type RuntimeLayout = {
  dir: string;
  env: Record<string, string>;
  workdir: string;
  cmd: string[];
  healthcheck: string[] | null;
  /** The production node_modules' size in bytes. */
  nodeModulesBytes: number;
  /** Packages in the production node_modules. */
  packages: number;
};

/** ENV's `a=b c=d` form (quotes allowed) or the legacy `a b`. */
function envPairs(args: string): [string, string][] {
  if (!/^\S+=/.test(args)) {
    const [, key = "", value = ""] = /^(\S+)\s+(.*)$/.exec(args) ?? [];
    return [[key, value]];
  }
  return [...args.matchAll(/(\S+?)=("(?:[^"\\]|\\.)*"|\S*)/g)].map(([, k, v]) => [
    k!,
    v!.startsWith('"') ? (JSON.parse(v!) as string) : v!,
  ]);
}

/**
 * Lays the Dockerfile's last stage out in `dir` (which must not sit under a folder holding node_modules: Node would
 * look there for a missing package, which the image could not). Returns what is needed to start its command.
 */
export function layOutRuntimeStage(dir: string, root = ROOT): RuntimeLayout {
  const stages = parseDockerfile(readFileSync(join(root, "Dockerfile"), "utf8"));
  const runtime = stages.at(-1)!;
  const ignored = dockerIgnore(root);
  const env: Record<string, string> = {};
  let workdir = "/";
  let cmd: string[] = [];
  let healthcheck: string[] | null = null;
  let packages = 0;
  const inImage = (path: string) =>
    join(dir, relative(workdir, path.startsWith("/") ? path : join(workdir, path)));

  const copyFromContext = (source: string, dest: string) => {
    const from = join(root, source);
    if (!existsSync(from)) throw new Error(`COPY ${source}: not in the build context`);
    if (statSync(from).isDirectory()) {
      cpSync(from, dest, {
        recursive: true,
        filter: (path) => {
          const rel = relative(root, path).split(sep).join("/");
          return rel === "" || !ignored(rel);
        },
      });
    } else cpSync(from, dest);
  };

  for (const { op, args } of runtime.instructions) {
    if (op === "WORKDIR") workdir = args.startsWith("/") ? args : join(workdir, args);
    else if (op === "ENV") for (const [k, v] of envPairs(args)) env[k] = v;
    else if (op === "CMD") cmd = JSON.parse(args) as string[];
    else if (op === "HEALTHCHECK") {
      const json = /CMD\s+(\[.*\])\s*$/.exec(args);
      healthcheck = json ? (JSON.parse(json[1]!) as string[]) : null;
    } else if (op === "COPY") {
      const { from, sources, dest } = copyArgs(args);
      const target = inImage(dest);
      const intoDir = dest.endsWith("/") || sources.length > 1;
      for (const source of sources) {
        const destination = intoDir ? join(target, source.split("/").at(-1)!) : target;
        mkdirSync(dirname(destination), { recursive: true });
        if (from === undefined) {
          if (/[*?]/.test(source)) throw new Error(`COPY ${source}: wildcards are not understood`);
          if (ignored(source)) throw new Error(`COPY ${source}: excluded by .dockerignore`);
          copyFromContext(source, destination);
          continue;
        }
        const stage = stages.find((s) => s.name === from);
        if (!stage) throw new Error(`COPY --from=${from}: no such stage`);
        const stageWorkdir = stage.instructions.findLast((i) => i.op === "WORKDIR")?.args ?? "/";
        const path = relative(stageWorkdir, source);
        const install = stage.instructions.find((i) => i.op === "RUN" && /\bnpm ci\b/.test(i.args));
        if (install && path === "node_modules") {
          const omit = [...install.args.matchAll(/--omit=(\S+)/g)].map((m) => m[1]!);
          const list = productionPackages(root, omit);
          for (const pkg of list) linkTree(join(root, pkg), join(destination, relative("node_modules", pkg)));
          packages = list.length;
        } else {
          if (path.startsWith(".."))
            throw new Error(`COPY --from=${from} ${source}: outside ${stageWorkdir}`);
          const built = join(root, path);
          if (!existsSync(built))
            throw new Error(`COPY --from=${from} ${source}: ${built} is missing (npm run build?)`);
          cpSync(built, destination, { recursive: true });
        }
      }
    }
  }
  for (let up = dir; ; up = dirname(up)) {
    if (
      up !== dir &&
      existsSync(join(up, "node_modules")) &&
      lstatSync(join(up, "node_modules")).isDirectory()
    )
      throw new Error(`${up}/node_modules would be found by Node from ${dir}: lay the stage out elsewhere`);
    if (dirname(up) === up) break;
  }
  const nodeModules = join(dir, "node_modules");
  return {
    dir,
    env,
    workdir,
    cmd,
    healthcheck,
    nodeModulesBytes: existsSync(nodeModules) ? treeBytes(nodeModules) : 0,
    packages,
  };
}
