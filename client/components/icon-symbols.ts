// The bootstrap-italia icons, drawn inline (issue #24). Every icon used to be `<use href="/assets/sprites-….svg#…">`:
// in some Chromium runs a page opened while another tab opened never fired `load` while it held such a reference.
// Now the server writes each icon's shapes inside its `<svg>` (client/components/ui/icon.tsx), so a page references
// no sprite. In the build, build-tools/purge-sprite.ts resolves this `?raw` import to the sprite holding only the
// symbols the sources name. Not under components/ui/: the browser loads this module on its own, only when a
// client-side render needs an icon the server did not draw (client/components/ui/icon.tsx).
import sprite from "bootstrap-italia/dist/svg/sprites.svg?raw";

/** A sprite's symbols: id → the markup inside `<symbol>` (its shapes). */
export function spriteSymbols(svg: string): ReadonlyMap<string, string> {
  const symbols = new Map<string, string>();
  for (const [, id, body] of svg.matchAll(/<symbol\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/symbol>/g))
    symbols.set(id!, body!.trim());
  return symbols;
}

export const iconSymbols: ReadonlyMap<string, string> = /* @__PURE__ */ spriteSymbols(sprite);
