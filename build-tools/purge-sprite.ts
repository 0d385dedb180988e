// Build step: only the bootstrap-italia icons the portal can show reach the browser (issue #13, goal 5).
//
// bootstrap-italia's sprite holds 179 symbols (94 kB, 32 kB compressed); every page fetches it for its first icon,
// and Lighthouse's simulated slow 4G counts it among the downloads before the largest paint. A Vite plugin (build
// only) resolves `bootstrap-italia/dist/svg/sprites.svg?url` (client/components/ui/icon.tsx) to a copy holding only
// the symbols named in the sources, written under node_modules/.cache before Vite hashes it: the file name changes
// whenever the kept set changes, so no browser keeps a stale sprite under the immutable cache. The client and the
// server build resolve the same copy, so the URL in the server's HTML is the one the browser bundle uses.
//
// Kept: every symbol whose id appears in a source file of client/ or shared/ (`"it-search"`), and every symbol
// `it-<word>` where `"<word>"` is a quoted string there (names built at run time from a list, e.g. the social
// channels in client/features/shell/social-icon.ts: `it-${name}`). Tests are not scanned.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { glob } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";

export const SPRITE_ID = "bootstrap-italia/dist/svg/sprites.svg?url";
export const SPRITE_CONTENT = ["client/**/*.{ts,tsx}", "shared/**/*.{ts,tsx}"];
const SKIP = /\.test\.tsx?$/;

const SYMBOL = /<symbol\b[^>]*\bid="([^"]+)"[^>]*>[\s\S]*?<\/symbol>/g;

/** The ids of the sprite's symbols, in order. */
export function symbolIds(sprite: string): string[] {
  return [...sprite.matchAll(SYMBOL)].map((m) => m[1]!);
}

/** The symbol ids that `sources` can name: quoted `it-…` ids, and `it-<word>` for every quoted `<word>`. */
export function usedSymbols(sprite: string, sources: string[]): Set<string> {
  const ids = new Set(symbolIds(sprite));
  const used = new Set<string>();
  for (const source of sources) {
    for (const [, word] of source.matchAll(/["'`]([a-z0-9-]+)["'`]/g)) {
      if (ids.has(word!)) used.add(word!);
      if (ids.has(`it-${word}`)) used.add(`it-${word}`);
    }
    // Ids inside longer strings and templates (`${spriteUrl}#it-search`, `ok ? "it-a" : "it-b"`).
    for (const [id] of source.matchAll(/\bit-[a-z0-9]+(?:-[a-z0-9]+)*/g)) if (ids.has(id)) used.add(id);
  }
  return used;
}

/** The sprite with only the `keep` symbols (everything outside the symbols is kept as it is). */
export function purgeSprite(sprite: string, keep: Set<string>): string {
  return sprite.replace(SYMBOL, (symbol, id: string) => (keep.has(id) ? symbol : ""));
}

async function readSources(root: string): Promise<string[]> {
  const sources: string[] = [];
  for (const pattern of SPRITE_CONTENT)
    for await (const file of glob(pattern, { cwd: root }))
      if (!SKIP.test(file)) sources.push(readFileSync(join(root, file), "utf8"));
  return sources;
}

export function purgeSpritePlugin(): Plugin {
  let root = process.cwd();
  let purged: string | undefined;
  return {
    name: "portal:purge-sprite",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    async resolveId(source) {
      if (source !== SPRITE_ID) return null;
      if (!purged) {
        const original = readFileSync(
          resolve(root, "node_modules/bootstrap-italia/dist/svg/sprites.svg"),
          "utf8",
        );
        const content = purgeSprite(original, usedSymbols(original, await readSources(root)));
        const dir = resolve(root, "node_modules/.cache/portal-sprite");
        mkdirSync(dir, { recursive: true });
        purged = join(dir, "sprites.svg");
        writeFileSync(purged, content);
      }
      return `${purged}?url`;
    },
  };
}
