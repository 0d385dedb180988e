import { z } from "zod";
import { createTransientStore, type StoreOwner } from "#client/lib/transient-store.server.ts";
import { defineWriteOnce } from "#client/lib/write-once.server.ts";

/** What one payment attempt (one idempotency key) produced. */
export type AttemptOutcome =
  | { kind: "online"; iuv: string; paymentUrl: string }
  | { kind: "notice"; iuv: string; codiceAvviso: string; token: string };

export type StoredNotice = { pdf: Uint8Array; codiceAvviso: string; amountCents: number };

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

const OutcomeSchema = z.union([
  z.object({ kind: z.literal("online"), iuv: z.string(), paymentUrl: z.string() }),
  z.object({ kind: z.literal("notice"), iuv: z.string(), codiceAvviso: z.string(), token: z.string() }),
]);

/**
 * The payment positions, at most once per attempt (client/lib/write-once.server.ts): the attempt key of the stepper's
 * summary is claimed before the position is created and remembers what was created (its IUV and pagoPA URL, or the
 * notice's token) for a day, so a double click, a retry or a replayed cookie answers the same position. Neither
 * payment system lets the portal find a position again by what it sent (the anonymous payer reads nothing, and a
 * position records no attempt), so a creation whose answer never came is never sent again with that key: the page
 * says so, and a new payment is the citizen's explicit choice (a new flow). At most 200 attempts per client address
 * and 20,000 in all per day: a full store refuses the newcomer before anything is created.
 */
export const paymentWrites = defineWriteOnce<AttemptOutcome>({
  name: "payment",
  schema: OutcomeSchema,
  ttlMs: DAY,
  maxEntries: 20_000,
  perClient: { maxEntries: 200 },
});

/**
 * The generated notices' PDFs by an unguessable token that only the browser's sealed flow cookie carries, for 15
 * minutes, bounded in size, and per client (address): at most 10 notices (4 MB). A full store or quota refuses the
 * newcomer (the step answers "unavailable"), never evicts anyone's.
 */
const notices = createTransientStore<StoredNotice>({
  name: "payment-notices",
  schema: z.object({ pdf: z.instanceof(Uint8Array), codiceAvviso: z.string(), amountCents: z.number() }),
  // 2,000 notices in 15 minutes for the whole deployment (all replicas, all municipalities): the soak of issue #30
  // filled the former 200 in under 3 minutes, about 13 notices a minute for a region. The bytes bound memory.
  maxEntries: 2000,
  maxBytes: 64 * 1024 * 1024,
  sizeOf: (notice) => notice.pdf.byteLength,
  ttlMs: FIFTEEN_MINUTES,
  perClient: { maxEntries: 10, maxBytes: 4 * 1024 * 1024 },
});

/** The notice's token, or `undefined` when the store refuses it (the client's quota, the store full or down). */
export async function keepNotice(notice: StoredNotice, owner: StoreOwner): Promise<string | undefined> {
  const kept = await notices.put(notice, owner);
  return kept.ok ? kept.key : undefined;
}

export async function findNotice(token: string | undefined): Promise<StoredNotice | undefined> {
  return token ? await notices.get(token) : undefined;
}
