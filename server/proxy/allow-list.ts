import type { Request } from "express";
import { FISCAL_CODE_PATTERN, normalizeFiscalCode } from "#shared/validation/fiscal-code.ts";

/**
 * The calls the portal relays from the browser to the municipality's upstream (`/api/*`, `/api-public/*`): the only
 * ones the browser's own code makes (issue #23, docs/decisions/proxy-allow-list.md). Every page reads and writes the
 * upstream from the server, with the citizen's own identity; the browser needs the upstream only for the SSO
 * navigations. Anything else gets a 404 without an upstream call, so the real upstream's documented gaps (fiscal codes
 * in paths and CRM filters taken on trust, drafts deletable by anyone, the one-time code in the `/otp` answer) cannot
 * be reached from a browser at all.
 *
 * Where in the client each entry comes from:
 * - login: `upstreamLoginHref` (client/lib/upstream-links.ts), the header's "Accedi all'area personale" and every
 *   "Accedi" link of a page that needs the citizen;
 * - logout: `upstreamLogoutHref` (same file), the user menu's "Esci";
 * - the demo identity provider: where the embedded sandbox's login sends the browser (sandbox/routes/sandbox-idp.ts),
 *   only when the portal runs against the demo sandbox (the real BFF sends the browser to the SSO's own host).
 *
 * The table is printed in docs/operations.md ("Security": what the browser may ask the upstream); keep both in step.
 */
export type ProxyRoute = {
  /** What the browser does with it. */
  purpose: string;
  methods: readonly string[];
  /** Matched against the request's path as sent (case-sensitive: the upstream's own routing may not be). */
  path: RegExp;
  /**
   * The query parameters the call may carry; any other one is refused. (`"any"` only in the tests of the relay's own
   * mechanics: `RELAY_EVERYTHING` in tests/support/test-app.ts.)
   */
  query: readonly string[] | "any";
  /** Only when the portal runs against the demo sandbox (its identity provider). */
  demoOnly?: true;
  /**
   * The call names a citizen who is not (yet) the session's: the demo identity provider's choice of a test identity.
   * Every other call that carries a fiscal code anywhere in its path or query must carry the session's own.
   */
  identityChoice?: true;
};

export const PROXY_ROUTES: readonly ProxyRoute[] = [
  {
    purpose: "Login: the SSO navigation, back to a same-origin path (the redirector is rewritten first)",
    methods: ["GET", "HEAD"],
    path: /^\/api\/utenti\/login\/?$/,
    query: ["redirector"],
  },
  {
    purpose: "Logout: the SSO navigation that ends the session",
    methods: ["GET", "HEAD"],
    path: /^\/api\/utenti\/logout\/?$/,
    query: [],
  },
  {
    purpose: "Demo identity provider: the page where a test citizen is chosen, and the choice (a GET form)",
    methods: ["GET", "HEAD"],
    path: /^\/api-public\/sandbox-idp\/login\/?$/,
    query: ["redirector", "codiceFiscale"],
    demoOnly: true,
    identityChoice: true,
  },
];

export type ProxyVerdict =
  | { allowed: true; route: ProxyRoute; fiscalCodes: readonly string[] }
  | { allowed: false; reason: "not-allowed" | "query" };

/** The table a portal runs with: the demo identity provider only against the demo sandbox. */
export function proxyRoutesFor(options: { demo: boolean }): readonly ProxyRoute[] {
  return PROXY_ROUTES.filter((route) => options.demo || route.demoOnly !== true);
}

const FISCAL_CODES = new RegExp(FISCAL_CODE_PATTERN.source, "gi");

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * The fiscal codes a call carries in its path or query values (decoded up to twice: a redirector is a path inside a
 * query value), upper case, without repeats.
 */
export function fiscalCodesIn(rawTarget: string): string[] {
  const found = new Set<string>();
  let text = rawTarget;
  for (let round = 0; round < 3; round++) {
    for (const match of text.matchAll(FISCAL_CODES)) found.add(normalizeFiscalCode(match[0]));
    const next = decoded(text);
    if (next === text) break;
    text = next;
  }
  return [...found];
}

/** Whether `req` is one of `routes`, and which fiscal codes it carries. */
export function matchProxyRoute(routes: readonly ProxyRoute[], req: Request): ProxyVerdict {
  const path = req.path;
  const route = routes.find((r) => r.path.test(path));
  if (!route || !route.methods.includes(req.method)) return { allowed: false, reason: "not-allowed" };
  const target = req.originalUrl;
  const queryStart = target.indexOf("?");
  if (queryStart !== -1 && route.query !== "any") {
    for (const name of new URLSearchParams(target.slice(queryStart + 1)).keys()) {
      if (!(route.query as readonly string[]).includes(name)) return { allowed: false, reason: "query" };
    }
  }
  return { allowed: true, route, fiscalCodes: route.identityChoice ? [] : fiscalCodesIn(target) };
}
