import { z } from "zod";
import type { AssetCode } from "#shared/api/tenant-config.ts";
import { isUpstreamError } from "./errors.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";

/**
 * The modules a municipality may list among its assets although its upstream does not route them: the spec's
 * fuller BFF has them, the published Città Facile BFF does not (docs/decisions/upstream-fidelity.md). Each is asked
 * one cheap read of its own; `asCitizen`: the read is under `/api`, which any BFF answers 401 to an anonymous
 * caller before routing, so only a visitor with an identity can tell.
 */
export const PROBED_MODULES = {
  MYPAY: { path: "api-public/mypay/tipologie" },
  DISSERVIZIO_CRM: { path: "api-public/crm/disservizio/categorie" },
  DELEGHE: { path: "api/deleghe/policy", asCitizen: true },
} as const satisfies Partial<Record<AssetCode, { path: string; asCitizen?: boolean }>>;

type ProbedCode = keyof typeof PROBED_MODULES;
const isProbed = (code: string): code is ProbedCode => Object.hasOwn(PROBED_MODULES, code);

/** What the upstream said: it routes the module, or it does not (404/405). Anything else says nothing. */
export type ModuleVerdict = "routed" | "not-routed";

async function probe(ctx: UpstreamRequestContext, code: ProbedCode): Promise<ModuleVerdict | null> {
  try {
    await callUpstream(ctx, { service: "modules", path: PROBED_MODULES[code].path, schema: z.unknown() });
    return "routed";
  } catch (error) {
    if (isUpstreamError(error, 404) || isUpstreamError(error, 405)) return "not-routed";
    return null;
  }
}

/**
 * Which of a municipality's modules its upstream routes, decided from what the upstream answers, held per
 * municipality for `ttlMs` (then asked again in the background, the old verdict served meanwhile). A module it does
 * not route is treated as an asset the municipality has not enabled: hidden from menus and the personal area, the
 * service-not-available page on its routes. No verdict yet (a failing upstream, an anonymous visitor for a module
 * under `/api`): the module is as the configuration says. The verdicts hold no visitor's data.
 */
export function createModuleAvailability(options: { ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const held = new Map<string, { verdict: ModuleVerdict; at: number }>();
  const flights = new Map<string, Promise<void>>();

  const ask = (key: string, ctx: UpstreamRequestContext, code: ProbedCode): Promise<void> => {
    let flight = flights.get(key);
    if (!flight) {
      flight = probe(ctx, code)
        .then((verdict) => {
          if (verdict) held.set(key, { verdict, at: now() });
        })
        .finally(() => flights.delete(key));
      flights.set(key, flight);
    }
    return flight;
  };

  return {
    /**
     * The codes among `assets` the upstream does not route. `tenantCtx`: the municipality's own context (no
     * visitor); `request`: the visitor's, used only for a module under `/api` (its credentials, not its signal).
     */
    async unavailable(
      tenantKey: string,
      assets: readonly string[],
      tenantCtx: UpstreamRequestContext,
      request?: UpstreamRequestContext,
    ): Promise<Set<string>> {
      const waits: Promise<void>[] = [];
      for (const code of assets) {
        if (!isProbed(code)) continue;
        const key = `${tenantKey} ${code}`;
        const known = held.get(key);
        if (known && now() - known.at < options.ttlMs) continue;
        let ctx = tenantCtx;
        if ("asCitizen" in PROBED_MODULES[code]) {
          if (!request || (!request.cookie && Object.keys(request.identityHeaders ?? {}).length === 0))
            continue;
          ctx = {
            ...tenantCtx,
            cookie: request.cookie,
            identityHeaders: request.identityHeaders,
            authorization: request.authorization,
          };
        }
        const flight = ask(key, ctx, code);
        if (!known) waits.push(flight);
      }
      await Promise.all(waits);
      const out = new Set<string>();
      for (const code of assets) {
        if (held.get(`${tenantKey} ${code}`)?.verdict === "not-routed") out.add(code);
      }
      return out;
    },
    /** The verdicts held for a municipality, as one comparable value (the anonymous page cache's version). */
    version(tenantKey: string): string {
      return Object.keys(PROBED_MODULES)
        .map((code) => `${code}:${held.get(`${tenantKey} ${code}`)?.verdict ?? "?"}`)
        .join(",");
    },
    forget(tenantKey: string): void {
      for (const code of Object.keys(PROBED_MODULES)) held.delete(`${tenantKey} ${code}`);
    },
  };
}

export type ModuleAvailability = ReturnType<typeof createModuleAvailability>;
