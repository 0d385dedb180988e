import { readFileSync } from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { purgeCss } from "./build-tools/purge-css.ts";
import { purgeSpritePlugin } from "./build-tools/purge-sprite.ts";
import { precompressAssets } from "./build-tools/precompress.ts";
import { clientOutput, clientSideEffects } from "./build-tools/client-chunks.ts";

const biVersion = JSON.parse(readFileSync("node_modules/bootstrap-italia/package.json", "utf8"))
  .version as string;

export default defineConfig({
  plugins: [purgeCss(), purgeSpritePlugin(), reactRouter(), precompressAssets()],
  define: { __BOOTSTRAP_ITALIA_VERSION__: JSON.stringify(biVersion) },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: clientOutput,
          treeshake: { moduleSideEffects: clientSideEffects, manualPureFunctions: ["z"] },
        },
      },
    },
    ssr: {
      build: { rollupOptions: { input: "./server/render/ssr-app.ts" } },
    },
  },
  build: { assetsInlineLimit: 0 },
});
