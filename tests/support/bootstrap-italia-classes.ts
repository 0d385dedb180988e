import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The stylesheet the portal ships (root.tsx imports it). */
export const BOOTSTRAP_ITALIA_CSS = fileURLToPath(
  new URL("../../node_modules/bootstrap-italia/dist/css/bootstrap-italia.min.css", import.meta.url),
);

/** `\31 0` or `\:` escapes inside a CSS identifier, back to the characters they stand for. */
function unescapeIdentifier(raw: string): string {
  return raw.replace(/\\([0-9a-fA-F]{1,6}\s?|[^0-9a-fA-F])/g, (_, escape: string) => {
    const hex = escape.trim();
    return /^[0-9a-fA-F]+$/.test(hex) ? String.fromCodePoint(parseInt(hex, 16)) : escape;
  });
}

/** The preludes (text before `{`) of the style rules of a stylesheet: selectors, never declarations or at-rules. */
export function selectorPreludes(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const preludes: string[] = [];
  let start = 0;
  let depthInDeclarations = 0;
  const openBlocks: Array<"group" | "rule"> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      i = end === -1 ? text.length : end;
      continue;
    }
    if (c === "{") {
      const prelude = text.slice(start, i).trim();
      if (depthInDeclarations > 0) {
        openBlocks.push("rule");
        depthInDeclarations++;
      } else if (prelude.startsWith("@")) {
        // @media/@supports/@layer/@container hold rules; @font-face, @page and @keyframes never hold class selectors.
        const holdsRules = /^@(media|supports|layer|container|document)\b/i.test(prelude);
        if (holdsRules) openBlocks.push("group");
        else {
          openBlocks.push("rule");
          depthInDeclarations++;
        }
      } else {
        preludes.push(prelude);
        openBlocks.push("rule");
        depthInDeclarations++;
      }
      start = i + 1;
    } else if (c === "}") {
      const block = openBlocks.pop();
      if (block === "rule") depthInDeclarations--;
      start = i + 1;
    } else if (c === ";" && depthInDeclarations === 0) {
      start = i + 1; // @import, @charset
    }
  }
  return preludes;
}

/** Every class name used in a selector of the stylesheet. */
export function classNamesInCss(css: string): Set<string> {
  const names = new Set<string>();
  for (const prelude of selectorPreludes(css)) {
    for (const match of prelude.matchAll(
      /\.((?:-?[_a-zA-Z]|\\[0-9a-fA-F]{1,6}\s?|\\[^0-9a-fA-F])(?:[\w-]|\\[0-9a-fA-F]{1,6}\s?|\\[^0-9a-fA-F])*)/g,
    )) {
      names.add(unescapeIdentifier(match[1]!));
    }
  }
  return names;
}

let cached: Set<string> | undefined;

/** The bootstrap-italia class list, parsed from the shipped stylesheet (the AGID checker keeps its own copy). */
export function bootstrapItaliaClasses(): Set<string> {
  cached ??= classNamesInCss(readFileSync(BOOTSTRAP_ITALIA_CSS, "utf8"));
  return cached;
}
