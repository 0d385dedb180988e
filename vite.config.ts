import { readFileSync } from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { purgeCss } from "./build-tools/purge-css.ts";

const biVersion = JSON.parse(readFileSync("node_modules/bootstrap-italia/package.json", "utf8"))
  .version as string;

export default defineConfig({
  plugins: [purgeCss(), reactRouter()],
  define: { __BOOTSTRAP_ITALIA_VERSION__: JSON.stringify(biVersion) },
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/render/ssr-app.ts" } },
    },
  },
  build: { assetsInlineLimit: 0 },
});
