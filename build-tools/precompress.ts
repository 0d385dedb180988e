// Build step: the browser's scripts, styles and icon sprite compressed once, as well as they compress (issue #13,
// goal 5).
//
// The compression middleware compresses every answer on the fly at a speed-first setting (brotli quality 4): the
// framework chunk (345 kB) travelled as 108.9 kB on every first visit, and each request paid the CPU again. The
// build's assets never change under their hashed names, so this plugin (client build only) writes next to each
// compressible file a `.br` (brotli, quality 11: 92.8 kB for the same chunk) and a `.gz` (gzip level 9, for the
// browsers and tools that do not take brotli); server/middleware/precompressed-assets.ts serves them.
// Fonts (woff2 is compressed already) and images other than SVG are left alone.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompress, constants, gzip } from "node:zlib";
import { promisify } from "node:util";
import type { Plugin } from "vite";

/** Files worth a compressed copy: text formats, at least 1 kB (below it the headers cost more than the bytes saved). */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The two encodings of `content`: brotli at its best quality (for text), gzip at level 9. */
export async function compressedVariants(content: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  return { br, gz };
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of `fileNames` (relative to `dir`). */
export async function precompressFiles(dir: string, fileNames: string[]): Promise<void> {
  await Promise.all(
    fileNames
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const path = join(dir, name);
        const content = await readFile(path);
        if (content.length < MIN_BYTES) return;
        const { br, gz } = await compressedVariants(content);
        // A variant that is not smaller is not worth negotiating.
        if (br.length < content.length) await writeFile(`${path}.br`, br);
        if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
      }),
  );
}

export function precompressAssets(): Plugin {
  return {
    name: "portal:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      if (!options.dir) return;
      await precompressFiles(options.dir, Object.keys(bundle));
    },
  };
}
