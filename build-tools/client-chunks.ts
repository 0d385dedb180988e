// Build step: fewer, larger JS files on a first visit (issue #13, goal 5).
//
// Left to itself the bundler cut the home page's first visit into 21 JS files, most of them under 2 kB; over
// HTTP/1.1 every response also carries about 1 kB of headers, so the small files cost as much in headers as in
// code. Three groups (client build only):
// - "framework": React, React DOM and React Router, which every page loads;
// - "shell": client/app-shell.tsx, the root's error page and the page end (rating form, contacts) with everything
//   they import statically (header, footer, toasts, the base Italian catalogue): the frame every page renders. The
//   English catalogue stays its own chunk (a dynamic import), and what only some routes use (feature texts, forms,
//   maps, date-fns locales) stays in those routes' chunks. These two hold modules every page already executes.
// - "ui": the UI kit of client/components/ui/ (fields, stepper, error summary, breadcrumb…) that the shell does not
//   already take: one ~2 kB (brotli) file instead of up to ten files under 1 kB each on a form or service page. A
//   page may load a few components it does not render; on Lighthouse's simulated 4G the requests cost more (booking
//   step 1: LCP 2.57 → 2.41 s, performance 94–95 → 96 over two runs). The home page loads no UI-kit chunk.
import type { OutputOptions } from "rolldown";

const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const SHELL = [
  /[\\/]client[\\/]app-shell\.tsx$/,
  // The root's error page, and the page end (rating form + contacts) that the information pages all render.
  /[\\/]client[\\/]components[\\/]error-page[\\/]error-page\.tsx$/,
  /[\\/]client[\\/]components[\\/]page-end[\\/]page-end\.tsx$/,
];

/** The portal's UI kit (fields, stepper, error summary, breadcrumb, callout…), what the form and service pages share. */
const UI_KIT = /[\\/]client[\\/]components[\\/]ui[\\/]/;

export function isUiKitModule(id: string): boolean {
  return UI_KIT.test(id.split("?")[0]!);
}

export function isFrameworkModule(id: string): boolean {
  return FRAMEWORK.test(id);
}

export function isShellRoot(id: string): boolean {
  const path = id.split("?")[0]!;
  return SHELL.some((pattern) => pattern.test(path));
}

/** `environments.client.build.rolldownOptions.output` (replaces React Router's default, which only names files). */
export const clientOutput: OutputOptions = {
  entryFileNames: "assets/[name]-[hash].js",
  codeSplitting: {
    groups: [
      { name: "framework", test: isFrameworkModule, priority: 20 },
      { name: "shell", test: isShellRoot, priority: 10 },
      { name: "ui", test: isUiKitModule, priority: 5 },
    ],
  },
};

/**
 * Modules that only declare things (zod schemas, types, pure helpers): nothing happens when they are imported, so a
 * client chunk that imports them for something its loader or action used (both removed from the browser build)
 * drops them. Without this, one `findAsset` or step-name import pulled the whole of zod (~26 kB compressed) into the
 * service page and the booking steps, because a top-level `z.object(…)` call counts as a side effect.
 */
export const DECLARATION_ONLY = [
  /[\\/]shared[\\/]api[\\/][^\\/]+\.ts$/,
  /[\\/]shared[\\/]validation[\\/][^\\/]+\.ts$/,
  /[\\/]client[\\/]features[\\/].+[\\/]flow-state\.ts$/,
];

/** `environments.client.build.rolldownOptions.treeshake.moduleSideEffects`. */
export const clientSideEffects = DECLARATION_ONLY.map((test) => ({ test, sideEffects: false }));
