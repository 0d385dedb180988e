import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { ACTING_FOR_ASSETS, type ActingForAsset, type ActingForDelegation } from "#shared/api/deleghe.ts";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { PORTAL_COOKIES } from "#shared/portal-cookies.ts";
import { routeError } from "#shared/route-error.ts";
import { sameFiscalCode } from "#shared/validation/fiscal-code.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { defineFlowCookie } from "../flow.server.ts";
import { pagePathname } from "../links.ts";
import { getServices } from "../services.ts";
import { readClaim, type Stored } from "./claim.server.ts";
import { isDelegableFor, listsDelegation } from "./listing.server.ts";
import { actingForIt } from "./texts.ts";

type Context = Readonly<RouterContextProvider>;

const EndedSchema = z.object({
  asset: z.enum(ACTING_FOR_ASSETS),
  nome: z.string().max(100),
  cognome: z.string().max(100),
});

export type EndedDelegation = z.infer<typeof EndedSchema>;

/** This request's acting-for, as checked upstream by the root middleware. */
export type ActingForState = {
  active: Partial<Record<ActingForAsset, ActingForDelegation>>;
  /** Delegations the cookie named that are no longer listed (expired, withdrawn, refused): cleared this request. */
  ended: EndedDelegation[];
  /**
   * Delegations that ended under a post the portal then refused (issue #40): the post was sent back to its page, which
   * says so ("l'operazione per suo conto non è stata eseguita").
   */
  refused: EndedDelegation[];
  /** Assets whose delegation could not be checked (upstream failure): their pages refuse rather than guess. */
  unchecked: ActingForAsset[];
  /** For a post (a change): the page it came from, where a post acting under an ended delegation is sent back. */
  postedFrom: string | null;
  /** Whose claim was checked (the logged-in citizen's fiscal code), when there was one. */
  citizen: string | null;
};

const NONE: ActingForState = {
  active: {},
  ended: [],
  refused: [],
  unchecked: [],
  postedFrom: null,
  citizen: null,
};

/**
 * A post refused because its delegation ended, carried to the page the browser is sent back to (sealed, read once,
 * for the citizen who posted only).
 */
const refusedNotice = defineFlowCookie(
  "flowActingForRefused",
  z.object({ cittadino: z.string(), ended: z.array(EndedSchema).max(ACTING_FOR_ASSETS.length) }),
);

export const actingForContext = createContext<ActingForState>(NONE);

/** Still listed upstream, live, for a delegable service of its asset: true, false, or null when unknown. */
async function stillListed(
  context: Context,
  config: TenantConfig,
  asset: ActingForAsset,
  entry: ActingForDelegation,
): Promise<boolean | null> {
  if (!isDelegableFor(config, entry.idServizio, asset)) return false;
  return listsDelegation(context, entry.idServizio, entry);
}

/** Checks every asset of the claim upstream; what stays active, what ended, and the cookie to write (or null). */
async function checkClaim(context: Context, claim: Stored) {
  const services = getServices(context);
  const config = await services.api.getTenantConfig();
  const state: ActingForState = { ...NONE, active: {}, ended: [], unchecked: [], citizen: claim.cittadino };
  const kept: Stored = { ...claim, perAsset: { ...claim.perAsset } };
  for (const asset of ACTING_FOR_ASSETS) {
    const entry = claim.perAsset[asset];
    if (!entry) continue;
    const listed = await stillListed(context, config, asset, entry);
    if (listed === null) state.unchecked.push(asset);
    else if (listed) {
      state.active[asset] = entry;
      services.log.info({ actingFor: { asset, delega: entry.uuidDelega } }, "request acts for a delegator");
    } else {
      state.ended.push({ asset, nome: entry.delegante.nome, cognome: entry.delegante.cognome });
      delete kept.perAsset[asset];
      services.log.info(
        { actingFor: { asset, delega: entry.uuidDelega } },
        "delegation no longer active: cleared",
      );
    }
  }
  const empty = !kept.perAsset.PPAY && !kept.perAsset.APPSCHED;
  const cookie =
    state.ended.length === 0 ? null : empty ? services.actingFor.clear() : services.actingFor.write(kept);
  return { state, cookie };
}

/**
 * A post's page (what a browser without JavaScript would load): the path without `.data`, the query without React
 * Router's own keys.
 */
function postedFrom(request: Request): string | null {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const url = new URL(request.url);
  const query = new URLSearchParams(url.search);
  for (const key of ["_routes", "index"]) query.delete(key);
  const search = query.toString();
  return `${pagePathname(url)}${search ? `?${search}` : ""}`;
}

/** The refused post's notice this request carries, for the logged-in citizen who posted it (else nothing). */
async function readRefusedNotice(context: Context): Promise<EndedDelegation[]> {
  const services = getServices(context);
  const { state } = refusedNotice.read(services.flow);
  if (!state) return [];
  const user = await services.api.getCurrentUser();
  return user && sameFiscalCode(user.codFisc, state.cittadino) ? state.ended : [];
}

/**
 * Root middleware (issue #28): with an acting-for cookie, before any loader or action, each asset's delegation is
 * looked up again in `deleganti-by-service` (live, approved, that service); the result is this request's
 * `actingForContext`. A delegation no longer listed is dropped from the cookie; a cookie that is not ours, another
 * municipality's or another citizen's is cleared. Without the cookie nothing is called. A refused post's notice
 * (issue #40) is read here once and cleared.
 */
export const actingForMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = getServices(context);
  const noticed = services.flow.read(refusedNotice.name) !== undefined;
  if (services.actingFor.read() === undefined && !noticed) return next();
  let claim: Stored | null = null;
  let refused: EndedDelegation[] = [];
  try {
    refused = noticed ? await readRefusedNotice(context) : [];
    if (services.actingFor.read() !== undefined) claim = await readClaim(context);
  } catch (error) {
    if (isUpstreamFailure(error)) return next();
    throw error;
  }
  const { state, cookie } = claim
    ? await checkClaim(context, claim)
    : { state: NONE, cookie: services.actingFor.read() === undefined ? null : services.actingFor.clear() };
  context.set(actingForContext, { ...state, refused, postedFrom: postedFrom(request) });
  const response = await next();
  const written = response.headers.getSetCookie();
  const name = `${PORTAL_COOKIES.actingFor.name}=`;
  if (cookie && !written.some((c) => c.startsWith(name))) response.headers.append("Set-Cookie", cookie);
  const noticeName = `${PORTAL_COOKIES.flowActingForRefused.name}=`;
  if (noticed && !written.some((c) => c.startsWith(noticeName))) {
    for (const c of refusedNotice.clear(services.flow).getSetCookie())
      response.headers.append("Set-Cookie", c);
  }
  return response;
};

/** This request's acting-for (after the root middleware). */
export function actingForState(context: Context): ActingForState {
  return context.get(actingForContext);
}

/**
 * In a page of `asset`: the delegation the request acts under, or null for the citizen's own data. Never the
 * delegator's data without a fresh check: when it could not be checked, 503. When the delegation ended in this very
 * request (issue #40): a page is shown in the citizen's own name (the shell says the delegation ended); a post is not
 * carried out but sent back to its page (303), which then says "La delega di … non è più attiva: l'operazione per suo
 * conto non è stata eseguita" and shows the step in the citizen's own name.
 */
export function actingDelegation(context: Context, asset: ActingForAsset): ActingForDelegation | null {
  const state = actingForState(context);
  const ended = state.ended.find((e) => e.asset === asset);
  if (ended && state.postedFrom) {
    const services = getServices(context);
    const notice = { cittadino: state.citizen ?? "", ended: state.ended };
    services.log.info({ actingFor: { asset } }, "post under an ended delegation refused");
    throw redirect(state.postedFrom, { status: 303, headers: refusedNotice.save(services.flow, notice) });
  }
  if (ended) return null;
  if (state.unchecked.includes(asset))
    throw routeError(503, { title: serverT(context, actingForIt)("delegator.unchecked") });
  return state.active[asset] ?? null;
}

/**
 * The delegation of `asset` that ended in this request, or whose post was refused in the previous one (its page
 * then tells the citizen rather than look for the delegator's data in their own name); null otherwise.
 */
export function endedDelegation(context: Context, asset: ActingForAsset): EndedDelegation | null {
  const state = actingForState(context);
  return [...state.refused, ...state.ended].find((e) => e.asset === asset) ?? null;
}
