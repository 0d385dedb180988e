import { z } from "zod";
import type { Delega, DelegaList, DelegheApi, Persona } from "#shared/api/deleghe.ts";
import { defineWriteOnce } from "#client/lib/write-once.server.ts";
import { ONLINE_FLOW_MAX_AGE_MS } from "./flow-state.ts";

/*
 * New delegations and delegation requests, at most once (client/lib/write-once.server.ts), keyed by the flow's
 * attempt (`ensureAttempt` when the summary shows). The delegations' upstream has no idempotency (and the BFF's
 * proxies would drop the header): before, a double click on "Invia" made two delegations, even on our sandbox. Both
 * can be found again: the citizen's own list (`delegati` for a delegation made online, `richieste` for a request)
 * shows each with its other person, services, end date and creation time, so a submission whose answer never came
 * is looked for there before it is sent again.
 */

export type SentDelega = { uuidDelega: string };
const SentDelegaSchema = z.object({ uuidDelega: z.string() });

const limits = { ttlMs: ONLINE_FLOW_MAX_AGE_MS, maxEntries: 20_000, perClient: { maxEntries: 200 } };

export const delegaWrites = defineWriteOnce<SentDelega>({
  name: "delega",
  schema: SentDelegaSchema,
  ...limits,
});
export const delegaRequestWrites = defineWriteOnce<SentDelega>({
  name: "delega-request",
  schema: SentDelegaSchema,
  ...limits,
});

/** Some slack between the portal's clock and the upstream's. */
const CLOCK_SLACK_MS = 2 * 60 * 1000;

const sameServices = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

/**
 * The delegation (or request) a submission that started at `since` created, if the citizen's list `which` has it:
 * the same other person (`delegato` online, `delegante` for a request), the same services and end date, created
 * since then. Null when there is none.
 */
export async function findSentDelega(
  deleghe: Pick<DelegheApi, "list">,
  which: Extract<DelegaList, "delegati" | "richieste">,
  sent: { other: Persona; servizi: number[]; dataScadenza: string },
  since: number,
): Promise<SentDelega | null> {
  const page = await deleghe.list(which, { page: 1, perPage: 50 });
  const otherOf = (d: Delega) => (which === "delegati" ? d.delegato : d.delegante);
  const found = page.items.find(
    (d) =>
      otherOf(d).codiceFiscale.toUpperCase() === sent.other.codiceFiscale.toUpperCase() &&
      d.dataScadenza === sent.dataScadenza &&
      sameServices(
        d.servizi.map((s) => s.idServizio),
        sent.servizi,
      ) &&
      Date.parse(d.dataCreazione) >= since - CLOCK_SLACK_MS,
  );
  return found ? { uuidDelega: found.uuidDelega } : null;
}
