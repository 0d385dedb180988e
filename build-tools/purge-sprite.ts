// Build step: only the bootstrap-italia icons the portal can show reach the pages (issue #13, goal 5; issue #24).
//
// bootstrap-italia's sprite holds 179 symbols (94 kB, 32 kB compressed). The icons are drawn inline (issue #24:
// a `<use href="/assets/sprites-….svg#…">` kept some Chromium runs from ever firing `load`): the server writes each
// icon's shapes inside its `<svg>` from client/components/icon-symbols.ts, which imports
// `bootstrap-italia/dist/svg/sprites.svg?raw`. This Vite plugin (build only) resolves that import to a copy holding
// only the symbols named in the sources (60 of them: 25 kB raw, ~8.5 kB compressed), written under
// node_modules/.cache. In the browser's build, client/components/eager-icon-symbols.ts is empty: the browser loads
// the symbols as a chunk of their own only when a client-side render needs an icon the page did not show
// (client/components/ui/icon.tsx), so a first visit downloads none of them.
//
// Kept: every symbol whose id appears in a source file of client/ or shared/ (`"it-search"`), and every symbol
// `it-<word>` where `"<word>"` is a quoted string there (names built at run time from a list, e.g. the social
// channels in client/features/shell/social-icon.ts: `it-${name}`). Tests are not scanned.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { glob } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";

export const SPRITE_ID = "bootstrap-italia/dist/svg/sprites.svg?raw";
export const SPRITE_CONTENT = ["client/**/*.{ts,tsx}", "shared/**/*.{ts,tsx}"];
const SKIP = /\.test\.tsx?$/;
const EAGER_SYMBOLS = /[\\/]client[\\/]components[\\/]eager-icon-symbols\.ts$/;

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
    // The browser bundle leaves the icons' shapes out of its static graph (client/components/ui/icon.tsx loads
    // them on demand): client/components/eager-icon-symbols.ts is empty there.
    load(id) {
      if (this.environment.name !== "client" || !EAGER_SYMBOLS.test(id.split("?")[0]!)) return null;
      return "export const eagerIconSymbols = undefined;";
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
      return `${purged}?raw`;
    },
  };
}
