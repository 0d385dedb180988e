import { UtenteSchema, type Utente } from "#shared/api/user.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";
import { isUpstreamError } from "./errors.ts";

/** `GET /api-public/utenti/me`; 401 means anonymous. */
export async function getCurrentUser(ctx: UpstreamRequestContext): Promise<Utente | null> {
  try {
    const { data } = await callUpstream(ctx, {
      service: "user",
      path: "api-public/utenti/me",
      schema: UtenteSchema,
    });
    return data;
  } catch (error) {
    if (isUpstreamError(error, 401)) return null;
    throw error;
  }
}
