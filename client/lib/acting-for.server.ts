import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { z } from "zod";
import {
  ACTING_FOR_ASSETS,
  DELEGA_ID_PATTERN,
  isLiveDelegation,
  type ActingForAsset,
  type ActingForDelegation,
  type Delegante,
} from "#shared/api/deleghe.ts";
import type { ServiceDetail, TenantConfig } from "#shared/api/tenant-config.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { todayInRome } from "#shared/dates.ts";
import { PORTAL_COOKIES } from "#shared/portal-cookies.ts";
import { routeError } from "#shared/route-error.ts";
import { sameFiscalCode } from "#shared/validation/fiscal-code.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { actingForIt } from "#client/components/acting-for/texts.ts";
import type { ActingForChoice } from "#client/components/acting-for/acting-for-chooser.tsx";
import { defineFlowCookie } from "./flow.server.ts";
import { pagePathname } from "./links.ts";
import { getServices } from "./services.ts";

type Context = Readonly<RouterContextProvider>;

const PersonaStored = z.object({ codiceFiscale: z.string(), nome: z.string(), cognome: z.string() });
const EntryStored = z.object({
  uuidDelega: z.string().regex(DELEGA_ID_PATTERN),
  idServizio: z.number().int(),
  delegante: PersonaStored,
});

/** What the sealed cookie holds: whose choice (municipality, delegate) and, per asset, the chosen delegation. */
const StoredSchema = z.object({
  tenant: z.string(),
  cittadino: z.string(),
  perAsset: z.object({ PPAY: EntryStored.optional(), APPSCHED: EntryStored.optional() }),
});
export type Stored = z.infer<typeof StoredSchema>;

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

/**
 * A delegable service the portal can use for a delegator: one of the assets acting-for covers (payments, appointments).
 * A delegable service of another module (a forms-module service, one without a module) could be delegated upstream,
 * but the delegate could not use it for the delegator here: the new delegation does not offer it (issue #40).
 */
export function isActingForService(detail: TenantConfig["dettagli"][number]): boolean {
  const asset = detail.asset?.codice;
  return Boolean(detail.delegabile && asset && (ACTING_FOR_ASSETS as readonly string[]).includes(asset));
}

/** The delegable service `idServizio` of the municipality, when it belongs to `asset`. */
export function isDelegableFor(config: TenantConfig, idServizio: number, asset: ActingForAsset): boolean {
  const detail = config.dettagli.find((d) => d.idServizio === String(idServizio));
  return Boolean(detail?.delegabile && detail.asset?.codice === asset);
}

/** The delegator and the live delegation `uuidDelega` among the upstream's list for `idServizio`, or null. */
export function findListed(
  list: readonly Delegante[],
  idServizio: number,
  uuidDelega: string,
  today = todayInRome(),
): { delegante: Delegante; uuidDelega: string } | null {
  for (const delegante of list) {
    const hit = delegante.deleghe.find(
      (d) => d.uuidDelega === uuidDelega && isLiveDelegation(d, idServizio, today),
    );
    if (hit) return { delegante, uuidDelega };
  }
  return null;
}

/** The delegators the upstream lists for `idServizio` with at least one live delegation (the chooser's options). */
export function liveDelegators(list: readonly Delegante[], idServizio: number, today = todayInRome()) {
  return list.flatMap((delegante) => {
    const live = delegante.deleghe.find((d) => isLiveDelegation(d, idServizio, today));
    return live ? [{ delegante, delega: live }] : [];
  });
}

/** Still listed upstream, live, for a delegable service of its asset: true, false, or null when unknown. */
async function stillListed(
  context: Context,
  config: TenantConfig,
  asset: ActingForAsset,
  entry: ActingForDelegation,
): Promise<boolean | null> {
  if (!isDelegableFor(config, entry.idServizio, asset)) return false;
  try {
    const list = await getServices(context).api.actingFor.delegantiByService(entry.idServizio);
    const hit = findListed(list, entry.idServizio, entry.uuidDelega);
    return hit !== null && sameFiscalCode(hit.delegante.codiceFiscale, entry.delegante.codiceFiscale);
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    return null;
  }
}

/** The cookie's claim, when it is ours, for this municipality and for the logged-in citizen; else null. */
async function readClaim(context: Context): Promise<Stored | null> {
  const services = getServices(context);
  const parsed = StoredSchema.safeParse(services.actingFor.read());
  if (!parsed.success) {
    services.log.warn({ actingFor: "refused" }, "acting-for cookie not sealed by the portal or unreadable");
    return null;
  }
  const user = await services.api.getCurrentUser();
  const claim = parsed.data;
  if (!user || claim.tenant !== services.tenantId || !sameFiscalCode(claim.cittadino, user.codFisc))
    return null;
  return claim;
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

/** What a delegation covers in one module: the delegation, and the municipality's services of that module it names. */
export type DelegationScope = { delegation: ActingForDelegation; services: ServiceDetail[] };

const scopes = new WeakMap<Context, Map<ActingForAsset, Promise<DelegationScope | null>>>();

/**
 * THE rule of acting for a delegator, for every module that has acting-for (issue #36): the request acts under the
 * delegation of `asset` (checked upstream this very request, `actingDelegation`), and only for the services that
 * delegation covers in that module: the municipality's delegable services of the asset (its `dettaglioServizi`, the
 * service ↔ asset mapping) for which the upstream lists that very delegation, live, from the same delegator. The
 * chosen service is always one of them. Null when the request acts for nobody on `asset`. A service whose listing
 * fails is left out (never guessed in). Each module maps the services to its own objects (PPAY: their payment type,
 * `codiceVersamento`; APPSCHED: their offices' category, `idSportello`) and refuses anything else.
 */
export function delegationScope(context: Context, asset: ActingForAsset): Promise<DelegationScope | null> {
  let byAsset = scopes.get(context);
  if (!byAsset) scopes.set(context, (byAsset = new Map()));
  let scope = byAsset.get(asset);
  if (!scope) byAsset.set(asset, (scope = computeScope(context, asset)));
  return scope;
}

async function computeScope(context: Context, asset: ActingForAsset): Promise<DelegationScope | null> {
  const delegation = actingDelegation(context, asset);
  if (!delegation) return null;
  const { api } = getServices(context);
  const config = await api.getTenantConfig();
  const services: ServiceDetail[] = [];
  for (const detail of config.dettagli) {
    const id = Number(detail.idServizio);
    if (!isDelegableFor(config, id, asset)) continue;
    if (id === delegation.idServizio || (await listsDelegation(context, id, delegation)))
      services.push(detail);
  }
  return { delegation, services };
}

/** Whether the upstream lists the delegation `d`, live, from its delegator, for the service `idServizio`. */
async function listsDelegation(
  context: Context,
  idServizio: number,
  d: ActingForDelegation,
): Promise<boolean> {
  try {
    const list = await getServices(context).api.actingFor.delegantiByService(idServizio);
    const hit = findListed(list, idServizio, d.uuidDelega);
    return hit !== null && sameFiscalCode(hit.delegante.codiceFiscale, d.delegante.codiceFiscale);
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    getServices(context).log.warn(
      { actingFor: { idServizio } },
      "delegated service could not be checked: left out",
    );
    return false;
  }
}

/** The refusal of a page or action outside what the delegation covers (403, naming the delegator). */
export function notDelegated(context: Context, d: ActingForDelegation) {
  const t = serverT(context, actingForIt);
  return routeError(403, {
    title: t("delegator.notDelegated.title"),
    details: [t("delegator.notDelegated.text", { nome: d.delegante.nome, cognome: d.delegante.cognome })],
  });
}

/** The citizen's stored claim (a new, empty one when there is none, or it is not theirs or not ours). */
export function currentClaim(context: Context, citizen: string): Stored {
  const services = getServices(context);
  const parsed = StoredSchema.safeParse(services.actingFor.read());
  return parsed.success &&
    parsed.data.tenant === services.tenantId &&
    sameFiscalCode(parsed.data.cittadino, citizen)
    ? parsed.data
    : { tenant: services.tenantId, cittadino: citizen, perAsset: {} };
}

/** The citizen's claim with `asset` set to `delegation` (or dropped, for null). */
export function claimWith(
  context: Context,
  citizen: string,
  asset: ActingForAsset,
  delegation: ActingForDelegation | null,
): Stored {
  const base = currentClaim(context, citizen);
  const perAsset = { ...base.perAsset };
  if (delegation) perAsset[asset] = delegation;
  else delete perAsset[asset];
  return { ...base, perAsset };
}

/** True when the claim holds no delegation at all. */
export function isEmptyClaim(claim: Stored): boolean {
  return ACTING_FOR_ASSETS.every((asset) => !claim.perAsset[asset]);
}

/**
 * The chooser of a delegable service's page: null when the service is not delegable for `asset`, the municipality
 * has no DELEGHE or the citizen has no delegator for it (and acts for nobody there); the upstream's live delegators
 * otherwise (`failed` when they could not be read: the page still renders).
 */
export async function actingForChoice(
  context: Context,
  idServizio: number,
  asset: ActingForAsset,
): Promise<ActingForChoice | null> {
  const { api } = getServices(context);
  const config = await api.getTenantConfig();
  if (!config.comune.assets.some((a) => a.codice === "DELEGHE")) return null;
  if (!isDelegableFor(config, idServizio, asset)) return null;
  const current = actingForState(context).active[asset];
  const acting = current?.idServizio === idServizio ? current.uuidDelega : null;
  try {
    const options = liveDelegators(await api.actingFor.delegantiByService(idServizio), idServizio).map(
      ({ delegante, delega }) => ({
        uuidDelega: delega.uuidDelega,
        codiceFiscale: delegante.codiceFiscale,
        nome: delegante.nome,
        cognome: delegante.cognome,
        dataScadenza: delega.dataScadenza,
      }),
    );
    if (options.length === 0 && !acting) return null;
    return { idServizio, options, current: acting, failed: false };
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    return { idServizio, options: [], current: acting, failed: true };
  }
}
