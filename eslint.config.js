// ESLint 9 flat config: recommended JS + typescript-eslint (syntax only, no type information, to stay fast),
// React hooks rules for the React app, and the architecture's import boundaries (docs: architecture §6).
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
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

/** `import("#server/…")` or `import("../server/…")`: no-restricted-imports does not look at import expressions. */
function dynamicImportOf(folders, message) {
  const names = folders.join("|");
  return {
    selector: `ImportExpression[source.value=/^(#(${names})\\/|\\.{1,2}\\/(.*\\/)?(${names})\\/)/]`,
    message,
  };
}

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
      "no-restricted-imports": ["error", { patterns: [SERVER_ONLY] }],
      "no-restricted-syntax": ["error", dynamicImportOf(["server", "sandbox"], SERVER_ONLY.message)],
    },
  },
  {
    files: ["shared/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [SERVER_ONLY, CLIENT] }],
      "no-restricted-syntax": [
        "error",
        dynamicImportOf(["server", "sandbox", "client"], `${SERVER_ONLY.message} ${CLIENT.message}`),
      ],
    },
  },
  // Command-line scripts talk to a terminal.
  {
    files: ["sandbox/**", "bench/**", ".ci/**"],
    rules: { "no-console": "off" },
  },
]);
