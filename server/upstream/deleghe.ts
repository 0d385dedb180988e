import { z } from "zod";
import {
  DELEGA_ID_PATTERN,
  DELEGA_STATI,
  DelegaPageSchema,
  DelegaSchema,
  DeleghePolicySchema,
  LIVE_STATI,
  type Delega,
  type DelegaAzione,
  type DelegaList,
  type DelegheApi,
  type DelegheQuery,
} from "#shared/api/deleghe.ts";
import { UpstreamError } from "./errors.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";

const service = "deleghe";

/** How many of a list's delegations the ownership check reads at most (pages of 100). */
const OWNERSHIP_SCAN = 1000;

const LIST_PATH: Record<DelegaList, { path: string; ruolo?: string }> = {
  delegati: { path: "api/deleghe", ruolo: "delegante" },
  deleganti: { path: "api/deleghe", ruolo: "delegato" },
  richieste: { path: "api/richieste-delega" },
};

/** Which list an action belongs to, and the statuses it applies to. */
const ACTION_SIDE: Record<DelegaAzione, { list: DelegaList; from: readonly string[] }> = {
  ACCETTA: { list: "deleganti", from: ["ATTESA_DELEGATO"] },
  RIFIUTA: { list: "deleganti", from: ["ATTESA_DELEGATO"] },
  RITIRA: { list: "delegati", from: LIVE_STATI },
};

const notFound = () => new UpstreamError(service, "status", 404, "delegation not found for this citizen");

async function listDeleghe(ctx: UpstreamRequestContext, which: DelegaList, query: DelegheQuery) {
  const { path, ruolo } = LIST_PATH[which];
  const res = await callUpstream(ctx, {
    service,
    path,
    query: {
      ruolo,
      idServizio: query.idServizio,
      stato: query.stato,
      codiceFiscaleDelegante: query.codiceFiscaleDelegante,
      page: query.page,
      per_page: query.perPage,
    },
    schema: DelegaPageSchema,
  });
  return res.data;
}

/** The citizen's own delegation in a list by id (read page by page), or null. */
async function findDelega(
  ctx: UpstreamRequestContext,
  which: DelegaList,
  id: string,
): Promise<Delega | null> {
  if (!DELEGA_ID_PATTERN.test(id)) return null;
  for (let page = 1; (page - 1) * 100 < OWNERSHIP_SCAN; page++) {
    const result = await listDeleghe(ctx, which, { page, perPage: 100 });
    const hit = result.items.find((d) => d.uuidDelega === id);
    if (hit) return hit;
    if (result.items.length < 100 || page * 100 >= result.totalElements) break;
  }
  return null;
}

/** The delegation, when it is in the citizen's list `which` in one of the statuses `from`; else a 404. */
async function owned(
  ctx: UpstreamRequestContext,
  which: DelegaList,
  id: string,
  from: readonly string[],
): Promise<Delega> {
  const hit = await findDelega(ctx, which, id);
  if (!hit || !from.includes(hit.stato)) throw notFound();
  return hit;
}

const idPath = (prefix: string, id: string) => `${prefix}/${encodeURIComponent(id)}`;

/** A call answering one delegation. */
async function callDelega(
  ctx: UpstreamRequestContext,
  method: "POST" | "PATCH" | "PUT",
  path: string,
  body?: unknown,
): Promise<Delega> {
  return (await callUpstream(ctx, { service, method, path, body, schema: DelegaSchema })).data;
}

/**
 * The delegations' calls (our payloads: `shared/api/deleghe.ts`). Every call by id is bound to the citizen here:
 * the id must be in the citizen's own list for that action (whom they delegated for a withdrawal, who delegated them
 * for an acceptance or refusal, their requests for a cancellation or an attachment), in a status the action applies
 * to, whatever the upstream would answer by id; otherwise 404 without calling it.
 */
export function createDelegheApi(ctx: UpstreamRequestContext): DelegheApi {
  return {
    list: (which, query) => listDeleghe(ctx, which, query),
    find: (which, id) => findDelega(ctx, which, id),
    create: (body) => callDelega(ctx, "POST", "api/deleghe", body),
    createRequest: (body) => callDelega(ctx, "POST", "api/richiesta-delega", body),
    async act(id, azione) {
      const side = ACTION_SIDE[azione];
      await owned(ctx, side.list, id, side.from);
      return callDelega(ctx, "PATCH", idPath("api/deleghe", id), { azione });
    },
    async cancelRequest(id) {
      await owned(ctx, "richieste", id, ["ATTESA_OPERATORE"]);
      return callDelega(ctx, "PUT", `${idPath("api/richiesta-delega", id)}/annullamento`);
    },
    async attachment(id, slot) {
      const request = await owned(ctx, "richieste", id, DELEGA_STATI);
      if (!request.richiesta?.allegati.some((a) => a.slot === slot)) throw notFound();
      return (
        await callUpstream(ctx, {
          service,
          path: `${idPath("api/richiesta-delega", id)}/allegati/${slot}`,
          binary: true,
          schema: z.instanceof(Uint8Array),
        })
      ).data;
    },
    async policy() {
      return (await callUpstream(ctx, { service, path: "api/deleghe/policy", schema: DeleghePolicySchema }))
        .data.testo;
    },
  };
}
