import { z } from "zod";
import {
  DELEGA_ID_PATTERN,
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

/**
 * The delegations' calls (our payloads: `shared/api/deleghe.ts`). Every call by id is bound to the citizen here:
 * the id must be in the citizen's own list for that action (whom they delegated for a withdrawal, who delegated them
 * for an acceptance or refusal, their requests for a cancellation or an attachment), in a status the action applies
 * to, whatever the upstream would answer by id; otherwise 404 without calling it.
 */
export function createDelegheApi(ctx: UpstreamRequestContext): DelegheApi {
  const list: DelegheApi["list"] = async (which, query: DelegheQuery) => {
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
  };
  const find: DelegheApi["find"] = async (which, id) => {
    if (!DELEGA_ID_PATTERN.test(id)) return null;
    for (let page = 1; (page - 1) * 100 < OWNERSHIP_SCAN; page++) {
      const result = await list(which, { page, perPage: 100 });
      const hit = result.items.find((d) => d.uuidDelega === id);
      if (hit) return hit;
      if (result.items.length < 100 || page * 100 >= result.totalElements) break;
    }
    return null;
  };
  const owned = async (which: DelegaList, id: string, from: readonly string[]): Promise<Delega> => {
    const hit = await find(which, id);
    if (!hit || !from.includes(hit.stato)) throw notFound();
    return hit;
  };
  const path = (prefix: string, id: string) => `${prefix}/${encodeURIComponent(id)}`;
  return {
    list,
    find,
    async create(body) {
      return (
        await callUpstream(ctx, { service, method: "POST", path: "api/deleghe", body, schema: DelegaSchema })
      ).data;
    },
    async act(id, azione) {
      const side = ACTION_SIDE[azione];
      await owned(side.list, id, side.from);
      return (
        await callUpstream(ctx, {
          service,
          method: "PATCH",
          path: path("api/deleghe", id),
          body: { azione },
          schema: DelegaSchema,
        })
      ).data;
    },
    async cancelRequest(id) {
      await owned("richieste", id, ["ATTESA_OPERATORE"]);
      return (
        await callUpstream(ctx, {
          service,
          method: "PUT",
          path: `${path("api/richiesta-delega", id)}/annullamento`,
          schema: DelegaSchema,
        })
      ).data;
    },
    async attachment(id, slot) {
      const request = await owned("richieste", id, [
        "ATTESA_DELEGATO",
        "ATTESA_OPERATORE",
        "APPROVATA",
        "NON_ATTIVA",
        "SCADUTA",
        "RITIRATA",
        "RIFIUTATA",
      ]);
      if (!request.richiesta?.allegati.some((a) => a.slot === slot)) throw notFound();
      return (
        await callUpstream(ctx, {
          service,
          path: `${path("api/richiesta-delega", id)}/allegati/${slot}`,
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
