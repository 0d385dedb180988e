import { z } from "zod";
import {
  IstanzaSchema,
  IstanzePageSchema,
  MoonIdentitySchema,
  type Istanza,
  type MoonApi,
} from "#shared/api/moon.ts";
import { UpstreamError, isUpstreamError } from "./errors.ts";
import { callUpstream, type UpstreamCall, type UpstreamRequestContext } from "./http.ts";

const service = "moon";

/** The upstream's word for an expired identity token (contract §9: a 403 whose body says "ExpiredJWT"). */
function isExpiredToken(error: unknown): boolean {
  return isUpstreamError(error, 403) && JSON.stringify(error.body ?? "").includes("ExpiredJWT");
}

/** How many of the citizen's instances the ownership check reads at most (pages of 100). */
const OWNERSHIP_SCAN = 1000;

/**
 * The forms module's calls (contract §9). Each request asks `moon-identita` for the citizen's short-lived token once
 * and sends it as `Moon-Identita-JWT`; an expired token is asked again once. Calls by code are bound to the
 * citizen here: the code must be among the citizen's own instances (the token's list), whatever the module answers
 * by id (it answers any instance in gaps mode), else 404 without calling it.
 */
export function createMoonApi(ctx: UpstreamRequestContext): MoonApi {
  let token: Promise<string> | undefined;
  const identity = (fresh = false) => {
    if (fresh || !token) {
      token = callUpstream(ctx, { service, path: "api/moon/moon-identita", schema: MoonIdentitySchema }).then(
        (res) => res.data.idMoonToken,
      );
      token.catch(() => (token = undefined));
    }
    return token;
  };
  const call = async <T>(request: UpstreamCall<T>) => {
    const send = async (jwt: string) =>
      callUpstream(ctx, { ...request, headers: { ...request.headers, "moon-identita-jwt": jwt } });
    try {
      return await send(await identity());
    } catch (error) {
      if (!isExpiredToken(error)) throw error;
      return send(await identity(true));
    }
  };
  const instances: MoonApi["instances"] = async ({ limit, offset, codiceEnte }) =>
    (
      await call({
        service,
        path: "api/moon/istanze-paginate",
        query: { limit, offset, codice_ente: codiceEnte },
        schema: IstanzePageSchema,
      })
    ).data;
  const find = async (code: string, codiceEnte: string): Promise<Istanza | null> => {
    for (let offset = 0; offset < OWNERSHIP_SCAN; offset += 100) {
      const page = await instances({ limit: 100, offset, codiceEnte });
      const hit = page.items.find((i) => i.codiceIstanza === code);
      if (hit) return hit;
      if (page.items.length < 100 || offset + 100 >= page.totalElements) break;
    }
    return null;
  };
  const owned = async (code: string, codiceEnte: string) => {
    const hit = await find(code, codiceEnte);
    if (!hit) throw new UpstreamError(service, "status", 404, "instance not found for this citizen");
    return hit;
  };
  const path = (code: string) => `api/moon/istanze/${encodeURIComponent(code)}`;
  return {
    instances,
    find,
    async receipt(code, codiceEnte) {
      await owned(code, codiceEnte);
      const res = await call({
        service,
        path: `${path(code)}/pdf`,
        binary: true,
        schema: z.instanceof(Uint8Array),
      });
      return res.data;
    },
    async deleteDraft(code, codiceEnte) {
      await owned(code, codiceEnte);
      await call({ service, method: "DELETE", path: path(code), schema: z.unknown() });
    },
    async duplicate(code, codiceEnte) {
      await owned(code, codiceEnte);
      return (await call({ service, path: `${path(code)}/duplica`, schema: IstanzaSchema })).data;
    },
  };
}
