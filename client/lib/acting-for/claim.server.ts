import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import {
  ACTING_FOR_ASSETS,
  DELEGA_ID_PATTERN,
  type ActingForAsset,
  type ActingForDelegation,
} from "#shared/api/deleghe.ts";
import { sameFiscalCode } from "#shared/validation/fiscal-code.ts";
import { getServices } from "../services.ts";

type Context = Readonly<RouterContextProvider>;

const PersonaStored = z.object({ codiceFiscale: z.string(), nome: z.string(), cognome: z.string() });

const EntryStored = z.object({
  uuidDelega: z.string().regex(DELEGA_ID_PATTERN),
  idServizio: z.number().int(),
  delegante: PersonaStored,
});

/** What the sealed cookie holds: whose choice (municipality, delegate) and, per asset, the chosen delegation. */
export const StoredSchema = z.object({
  tenant: z.string(),
  cittadino: z.string(),
  perAsset: z.object({ PPAY: EntryStored.optional(), APPSCHED: EntryStored.optional() }),
});

export type Stored = z.infer<typeof StoredSchema>;

/** The cookie's claim, when it is ours, for this municipality and for the logged-in citizen; else null. */
export async function readClaim(context: Context): Promise<Stored | null> {
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
