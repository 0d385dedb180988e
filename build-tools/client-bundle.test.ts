// Checks the production client build (run after `npm run build`, like the route tests in server/render/).
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "vitest";

const ASSETS = resolve(import.meta.dirname, "../build/client/assets");
const scripts = () =>
  readdirSync(ASSETS)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, code: readFileSync(join(ASSETS, name), "utf8") }));

test("the browser gets each language's texts in its own chunk, the root ones and the features' ones", () => {
  const files = scripts();
  // A root text and a feature's text of each language.
  const italian = files.filter((f) => f.code.includes("Vai ai contenuti"));
  const english = files.filter((f) => f.code.includes("Skip to content"));
  expect(italian).toHaveLength(1);
  expect(english).toHaveLength(1);
  expect(italian[0]!.name).not.toBe(english[0]!.name);
  expect(italian[0]!.code).toContain("Richieste di assistenza");
  expect(italian[0]!.code).not.toContain("Skip to content");
  expect(english[0]!.code).not.toContain("Vai ai contenuti");
  expect(english[0]!.code).not.toContain("Richieste di assistenza");
  // The English chunk is loaded only by a dynamic import, and imports nothing of the Italian chunk: that chunk
  // awaits it before it finishes loading, so such an import would never resolve (no hydration in English).
  const staticImports = files.filter((f) => new RegExp(`from"\\./${english[0]!.name}"`).test(f.code));
  expect(staticImports).toEqual([]);
  expect(english[0]!.code).not.toContain(`"./${italian[0]!.name}"`);
});
