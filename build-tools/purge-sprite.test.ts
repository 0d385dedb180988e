import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { purgeSprite, symbolIds, usedSymbols } from "./purge-sprite.ts";

const sprite = readFileSync("node_modules/bootstrap-italia/dist/svg/sprites.svg", "utf8");

describe("purge-sprite", () => {
  it("keeps ids named in the sources, whole or built from a quoted word", () => {
    const used = usedSymbols(sprite, [
      `<Icon name="it-search" />`,
      "const a = ok ? 'it-check-circle' : `${sprite}#it-close-circle`;",
      `const knownIcons = new Set(["facebook", "not-an-icon"]); return \`it-\${name}\`;`,
    ]);
    expect([...used].sort()).toEqual(["it-check-circle", "it-close-circle", "it-facebook", "it-search"]);
  });

  it("does not keep a longer id for its prefix", () => {
    expect([...usedSymbols(sprite, [`"it-close-big"`])]).toEqual(["it-close-big"]);
  });

  it("drops the other symbols and keeps the rest of the file", () => {
    const purged = purgeSprite(sprite, new Set(["it-search", "it-mail"]));
    expect(symbolIds(purged)).toEqual(["it-mail", "it-search"]);
    expect(purged.startsWith("<svg")).toBe(true);
    expect(purged.trimEnd().endsWith("</svg>")).toBe(true);
  });
});
