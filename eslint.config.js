// ESLint 9 flat config: recommended JS + typescript-eslint (syntax only, no type information, to stay fast),
// React hooks rules for the React app, and the architecture's import boundaries (docs: architecture §6):
// client/shared never import server/sandbox, features never import each other, no import cycles.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const SERVER_ONLY = {
  // A leading "#" starts a comment in these gitignore-style patterns, hence the backslash.
  group: ["\\#server/*", "\\#sandbox/*", "**/server/**", "**/sandbox/**"],
  message: "client/ and shared/ code runs in the browser too: it may not import server/ or sandbox/ modules.",
};
const CLIENT = {
  group: ["\\#client/*", "**/client/**"],
  message: "shared/ is used by both sides: it may not import client/ modules.",
};
/**
 * What the image runs (server/, sandbox/, config/) reaches the React app only through the build (build/server, loaded
 * by server/render/load-ssr-handler.ts): the Dockerfile's runtime stage copies no client/ (deploy/runtime-stage.test.ts).
 * Types are fine (erased when Node strips them); server/render/ssr-app.ts is bundled into the build, not run from source.
 */
const CLIENT_AT_RUN_TIME = {
  group: ["\\#client/*", "**/client/**"],
  allowTypeImports: true,
  message:
    "The image copies no client/ (Dockerfile): server/, sandbox/ and config/ may import client/ modules for their types only; the pages reach the server through RequestServices and shared/ ports (shared/store-port.server.ts).",
};

/**
 * The shared layers of the client (lib, components, i18n) sit under the features and the app layer (the top-level
 * modules root.tsx, app-shell.tsx, routes.ts, texts.en.ts, the entries, and client/routes/): they import neither.
 * What a shared module needs from a feature moves down into it; a feature's texts reach English through the app
 * layer's index (texts.en.ts), not through client/i18n (docs/decisions/boundaries.md).
 */
const APP_LAYERS = {
  group: [
    "\\#client/features/*",
    "\\#client/routes/*",
    "**/features/**",
    "**/routes/**",
    "\\#client/root.tsx",
    "\\#client/app-shell.tsx",
    "\\#client/routes.ts",
    "\\#client/texts.en.ts",
    "\\#client/entry.*",
    "**/client/root.tsx",
    "**/client/app-shell.tsx",
    "**/client/routes.ts",
    "**/client/texts.en.ts",
    "../root.tsx",
    "../app-shell.tsx",
    "../routes.ts",
    "../texts.en.ts",
  ],
  message:
    "client/lib, client/components and client/i18n are shared layers: they may not import a feature or the app layer (root, routes, app shell, texts.en.ts). Move the shared piece down (docs/decisions/boundaries.md).",
};
const APP_LAYERS_DYNAMIC = {
  selector:
    "ImportExpression[source.value=/(^#client\\/|\\/)(features|routes)\\/|(root|app-shell)\\.tsx$|texts\\.en\\.ts$/]",
  message: APP_LAYERS.message,
};

/**
 * Index modules that re-export a whole library: on the server, where node_modules are not bundled, Node loads every
 * module behind them (date-fns' index and its locales' index: ~1,100 files, ~2 s of start-up and ~300 MB of peak
 * RSS). Import one module per function or locale instead (`date-fns/format`, `date-fns/locale/it`).
 */
const WHOLE_LIBRARIES = ["date-fns", "date-fns/locale"].map((name) => ({
  name,
  message: `"${name}" loads the whole library on the server: import "date-fns/<function>" or "date-fns/locale/<code>".`,
}));

const FEATURES = readdirSync(new URL("./client/features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One zone per feature: it may import its own folder, nothing from another feature's. */
const featureZones = FEATURES.map((feature) => ({
  target: `./client/features/${feature}`,
  from: "./client/features",
  except: [`./${feature}`],
  message:
    "A feature may not import another feature: move the shared piece to client/components/ (docs/architecture.md).",
}));

/** `import("#server/…")` or `import("../server/…")`: no-restricted-imports does not look at import expressions. */
function dynamicImportOf(folders, message) {
  const names = folders.join("|");
  return {
    selector: `ImportExpression[source.value=/^(#(${names})\\/|\\.{1,2}\\/(.*\\/)?(${names})\\/)/]`,
    message,
  };
}

/**
 * Acting for a delegator is one module (client/lib/acting-for/) with one face: its index.ts (what pages and the shell
 * show) and index.server.ts (state, rule, chooser); the rest of the folder is its own.
 */
const actingForZone = {
  target: "./",
  from: "./client/lib/acting-for",
  // Its English catalogue is imported by the app's English index alone (client/texts.en.ts), so that it stays in the
  // English chunk: through index.ts it would land in the shell's.
  except: ["./index.ts", "./index.server.ts", "./texts.en.ts"],
  message:
    "Acting for a delegator is reached through client/lib/acting-for/index.ts or index.server.ts only.",
};
const ACTING_FOR_OWN = "client/lib/acting-for/**";

export default defineConfig([
  globalIgnores([
    "build/",
    ".react-router/",
    "node_modules/",
    "test-results/",
    "playwright-report/",
    "blob-report/",
    "coverage/",
    "bench/results/",
    // scratch files
    "**/*.tmp.*",
  ]),
  {
    files: ["**/*.{js,mjs,ts,tsx}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // `import { type A }` keeps an empty side-effect import under verbatimModuleSyntax: write `import type`.
      "@typescript-eslint/no-import-type-side-effects": "error",
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
      "no-restricted-imports": ["error", { paths: WHOLE_LIBRARIES }],
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Architecture boundaries (static imports, re-exports and dynamic import()).
  {
    files: ["client/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { paths: WHOLE_LIBRARIES, patterns: [SERVER_ONLY] }],
      "no-restricted-syntax": ["error", dynamicImportOf(["server", "sandbox"], SERVER_ONLY.message)],
    },
  },
  {
    files: ["client/lib/**/*.{ts,tsx}", "client/components/**/*.{ts,tsx}", "client/i18n/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { paths: WHOLE_LIBRARIES, patterns: [SERVER_ONLY, APP_LAYERS] }],
      "no-restricted-syntax": [
        "error",
        dynamicImportOf(["server", "sandbox"], SERVER_ONLY.message),
        APP_LAYERS_DYNAMIC,
      ],
    },
  },
  {
    files: ["shared/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { paths: WHOLE_LIBRARIES, patterns: [SERVER_ONLY, CLIENT] }],
      "no-restricted-syntax": [
        "error",
        dynamicImportOf(["server", "sandbox", "client"], `${SERVER_ONLY.message} ${CLIENT.message}`),
      ],
    },
  },
  {
    files: ["server/**/*.ts", "sandbox/**/*.ts", "config/**/*.ts"],
    ignores: ["**/*.test.ts", "server/render/ssr-app.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [CLIENT_AT_RUN_TIME] }],
      "no-restricted-syntax": ["error", dynamicImportOf(["client"], CLIENT_AT_RUN_TIME.message)],
    },
  },
  // Import graph: features stay apart and no module imports itself through a cycle (import-x resolves the
  // package.json "imports" aliases with its Node resolver).
  {
    files: ["**/*.{js,mjs,ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    ignores: [ACTING_FOR_OWN],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [actingForZone] }] },
  },
  {
    files: ["client/features/**/*.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...featureZones, actingForZone] }] },
  },
  // Command-line scripts talk to a terminal.
  {
    files: ["sandbox/**", "bench/**", ".ci/**"],
    rules: { "no-console": "off" },
  },
]);
