// Build step: only the bootstrap-italia rules the portal can render reach the browser (issue #13, goal 5).
//
// A Vite plugin (`enforce: "pre"`, build only) that runs PurgeCSS over bootstrap-italia's stylesheet while Vite
// transforms it, i.e. BEFORE Vite hashes the CSS file: the asset's file name therefore changes whenever the purged
// content changes (a feature that starts using a new class gets a new file name, so no browser keeps a stale copy
// under an immutable cache). The CONTENT scanned for class names is every source file the portal renders from
// (client/, server/, shared/, config/; tests excluded): the same text the client and server bundles are built from,
// plus the server-only modules (*.server.ts, the Express pages) that no client chunk contains. A feature added
// now or later is covered without touching this file; only class names built at run time need the safelist below.
import { readFileSync } from "node:fs";
import { PurgeCSS, type UserDefinedSafelist } from "purgecss";
import type { Plugin } from "vite";

/** Source globs scanned for class names (relative to the project root). */
export const PURGE_CONTENT = [
  "client/**/*.{ts,tsx}",
  "server/**/*.{ts,tsx}",
  "shared/**/*.{ts,tsx}",
  "config/**/*.json",
  // The sandbox's demo identity provider page links the portal's stylesheet (sandbox/idp-page.ts).
  "sandbox/idp-page.ts",
];

/** Never scanned: tests mention classes the portal does not render. */
export const PURGE_SKIP = ["**/*.test.ts", "**/*.test.tsx", "**/node_modules/**"];

/** Bootstrap's contextual colours, used by tones picked at run time (`badge bg-${tone}`, `alert-${tone}`, …). */
const TONES = "primary|secondary|success|danger|warning|info|light|dark";

/**
 * Classes added at run time, or built from a prefix and a value the scanner cannot see whole. Kept whatever the
 * content says. Keep this list short and explain each entry: everything else is found in the sources.
 */
export const PURGE_SAFELIST = {
  standard: [
    "html",
    "body",
    // State classes toggled by React (menus, modals, collapses, accordions, tabs, dropdowns, sticky header).
    "show",
    "showing",
    "hide",
    "fade",
    "collapse",
    "collapsing",
    "collapsed",
    "active",
    "disabled",
    "expanded",
    "open",
    "modal-open",
    "modal-backdrop",
    "dropdown-menu",
    "is-sticky",
    "sticky",
    "is-invalid",
    "is-valid",
    "was-validated",
    "invalid-feedback",
    "focus--mouse",
    "focus-visible",
    "visually-hidden",
    "visually-hidden-focusable",
    // Toasts / notifications (client/features/shell/toasts.tsx builds some of them from the toast's kind).
    "notification",
    "dismissable",
    "with-icon",
  ],
  greedy: [
    // `modal-${size}` in client/components/ui/modal.tsx.
    /^modal-(sm|lg|xl|fullscreen)/,
    // Tones chosen at run time: badges, backgrounds, texts, alerts, callouts, borders, buttons.
    new RegExp(`^(bg|text|alert|callout|border|btn|btn-outline|text-bg)-(${TONES})$`),
    new RegExp(`^notification.*(${TONES}|success|error|warning|info)`),
    // Leaflet draws its map with its own classes (client/features/disruption/place-map.tsx).
    /^leaflet-/,
  ],
} satisfies UserDefinedSafelist;

/** The stylesheets purged: bootstrap-italia's (the only large one; the project's own CSS is hand-written). */
export const isPurgedStylesheet = (id: string) =>
  /[\\/]node_modules[\\/]bootstrap-italia[\\/]dist[\\/]css[\\/][^?]*\.css(\?|$)/.test(id);

/**
 * PurgeCSS drops a selector that starts with a pseudo-class and names no element, class or id: bootstrap-italia's
 * keyboard focus ring `:focus:not([data-focus-mouse=true])` would go. `*:focus…` means the same and survives, so
 * such selectors get an explicit `*` first (`:root` is kept by PurgeCSS anyway; `::` pseudo-elements are left alone).
 */
export function anchorPseudoSelectors(css: string): string {
  return css.replace(/(^|[{},])(?=:(?!:|root\b)[a-z])/g, "$1*");
}

/** Purge one stylesheet against the given content (globs, or raw text for tests). */
export async function purgeStylesheet(
  css: string,
  content: (string | { raw: string; extension: string })[],
  skip: string[] = PURGE_SKIP,
): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content,
    css: [{ raw: anchorPseudoSelectors(css) }],
    skippedContentGlobs: skip,
    safelist: PURGE_SAFELIST,
    // Drop @font-face (e.g. the embedded VideoJS icon font) and @keyframes no kept rule uses; keep custom
    // properties: bootstrap's components read many of them through var() chains.
    fontFace: true,
    keyframes: true,
    variables: false,
    // Attributes bootstrap-italia sets from its own JavaScript (not shipped): `:focus:not([data-focus-mouse=true])`
    // is its keyboard focus ring, for every focused element.
    dynamicAttributes: ["data-focus-mouse"],
    rejected: false,
  });
  return result?.css ?? css;
}

export function purgeCss(options: { content?: string[] } = {}): Plugin {
  const cache = new Map<string, Promise<string>>();
  let root = process.cwd();
  return {
    name: "portal:purge-css",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    async load(id) {
      // `PORTAL_PURGE_CSS=off npm run build`: the whole stylesheet, to compare or to chase a missing rule.
      if (!isPurgedStylesheet(id) || process.env.PORTAL_PURGE_CSS === "off") return null;
      const file = id.replace(/\?.*$/, "");
      // The client and the SSR builds both load it: purge once per build process.
      let purged = cache.get(file);
      if (!purged) {
        purged = purgeStylesheet(
          readFileSync(file, "utf8"),
          (options.content ?? PURGE_CONTENT).map((glob) => `${root}/${glob}`),
        );
        cache.set(file, purged);
      }
      return await purged;
    },
  };
}
