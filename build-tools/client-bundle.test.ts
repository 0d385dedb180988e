// Checks the production client build (run after `npm run build`, like the route tests in server/render/).
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "vitest";
import { it as base } from "#client/i18n/it.ts";
import { en } from "#client/texts.en.ts";
import { allItalian, featureCataloguesIt } from "#tests/support/catalogues.ts";
import { actingForIt } from "#client/lib/acting-for/index.ts";

const ASSETS = resolve(import.meta.dirname, "../build/client/assets");
const scripts = () =>
  readdirSync(ASSETS)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, code: readFileSync(join(ASSETS, name), "utf8") }));

/** Texts long enough to be one catalogue's, written the same in the minified code (no quotes, escapes, accents). */
const distinctive = (texts: string[]) =>
  texts.filter((text) => text.length >= 25 && /^[\w ,.:;()-]+$/.test(text));

test("the browser gets each language's texts in its own chunk, each feature's Italian apart from the shell", () => {
  const files = scripts();
  // A root text of each language.
  const italian = files.filter((f) => f.code.includes("Vai ai contenuti"));
  const english = files.filter((f) => f.code.includes("Skip to content"));
  expect(italian).toHaveLength(1);
  expect(english).toHaveLength(1);
  const shell = italian[0]!;
  const englishChunk = english[0]!;
  expect(shell.name).toMatch(/^shell-/);
  expect(shell.name).not.toBe(englishChunk.name);
  expect(shell.code).not.toContain("Skip to content");
  expect(englishChunk.code).not.toContain("Vai ai contenuti");

  // Every feature's Italian texts are in the chunks of the pages that show them: not in the shell every page
  // loads, not in the English chunk. Acting for a delegator apart: its banner is part of the shell's document (a
  // citizen without JavaScript must see for whom they act), so its catalogue is the shell's.
  const baseTexts = Object.values(base);
  expect(shell.code).toContain(actingForIt["delegator.ownName"]);
  for (const catalogue of featureCataloguesIt.filter((c) => c !== actingForIt)) {
    const texts = distinctive(Object.values(catalogue)).filter(
      (text) => !baseTexts.some((b) => b.includes(text)),
    );
    expect(texts.length, Object.keys(catalogue)[0]).toBeGreaterThan(0);
    for (const text of texts) {
      expect(shell.code, text).not.toContain(text);
      expect(englishChunk.code, text).not.toContain(text);
      expect(
        files.some((f) => f.code.includes(text)),
        text,
      ).toBe(true);
    }
  }
  // English texts (every feature's too) are only in the English chunk.
  const italianTexts = Object.values(allItalian);
  const englishOnly = distinctive(Object.values(en)).filter(
    (text) => !italianTexts.some((i) => i.includes(text)),
  );
  expect(englishOnly.length).toBeGreaterThan(200);
  for (const text of englishOnly)
    for (const f of files.filter((f) => f !== englishChunk))
      expect(f.code, `${text} in ${f.name}`).not.toContain(text);

  // The English chunk is loaded only by a dynamic import, and imports nothing of the Italian chunk: that chunk
  // awaits it before it finishes loading, so such an import would never resolve (no hydration in English).
  const staticImports = files.filter((f) => new RegExp(`from"\\./${englishChunk.name}"`).test(f.code));
  expect(staticImports).toEqual([]);
  expect(englishChunk.code).not.toContain(`"./${shell.name}"`);
});
