// Build step: the browser's English catalogue carries no Italian text, and the Italian one no English (issue #13,
// goal 5).
//
// A feature keeps its Italian and English texts side by side in its own `texts.ts` (`xxxIt` and `xxxEn`), spread by
// client/i18n/it.ts and client/i18n/en.ts. A bundler assigns a whole module to one chunk, so a `texts.ts` imported
// by both catalogues would land, with BOTH languages, in the chunk every page loads. This plugin (client build
// only) gives the imports made by en.ts their own module id (`…/texts.ts?locale=en`): the same file, a second
// module, of which only the English export is used; tree shaking then drops the unused half of each copy. Nothing
// changes in the sources, the server bundle or the tests: they keep one module per file.
import type { Plugin } from "vite";

export const ENGLISH_QUERY = "?locale=en";

/**
 * The importers whose texts imports get the English copy: the English catalogue, and an English copy itself (a
 * feature's texts.ts may spread a sub-feature's, e.g. payments/spontaneous/texts.ts): otherwise the English chunk
 * would import the Italian one, which waits for it (a cycle that never finishes loading).
 */
export function isEnglishCatalogue(importer: string | undefined): boolean {
  if (!importer) return false;
  return /[\\/]client[\\/]i18n[\\/]en\.ts$/.test(importer.split("?")[0]!) || importer.endsWith(ENGLISH_QUERY);
}

/** A texts module (`#client/features/<name>/texts.ts`, `./spontaneous/texts.ts`, …). */
export function isFeatureTexts(source: string): boolean {
  return /(^|[\\/])texts\.ts$/.test(source) && !source.endsWith(ENGLISH_QUERY);
}

export function splitLocaleTexts(): Plugin {
  return {
    name: "portal:split-locale-texts",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (!isEnglishCatalogue(importer) || !isFeatureTexts(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      return { ...resolved, id: `${resolved.id}${ENGLISH_QUERY}` };
    },
  };
}
