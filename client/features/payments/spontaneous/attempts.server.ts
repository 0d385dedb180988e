import { z } from "zod";
import { createTransientStore, type StoreOwner } from "#client/lib/transient-store.server.ts";
import type { SystemResult } from "./payment-system.server.ts";

/** What one payment attempt (one idempotency key) produced. */
export type AttemptOutcome =
  | { kind: "online"; iuv: string; paymentUrl: string }
  | { kind: "notice"; iuv: string; codiceAvviso: string; token: string };

export type StoredNotice = { pdf: Uint8Array; codiceAvviso: string; amountCents: number };

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Short-lived stores (client/lib/transient-store.server.ts): the outcome of each attempt by its
 * idempotency key (a second POST with the same key, even while the first is still on its way in this process, shares
 * the same promise and never calls the upstream again; on another replica it finds the outcome once settled, and the
 * upstream's own idempotency key covers one still on its way), and the generated notices' PDFs by an unguessable
 * token that only the browser's sealed flow cookie carries. Both for 15 minutes, bounded in size, and per client
 * (address): at most 30 attempts and 10 notices (4 MB). A full store or quota refuses the newcomer (the step answers
 * "unavailable"; the upstream's own idempotency key makes the retry find the first notice), never evicts anyone's.
 */
const OutcomeSchema = z.union([
  z.object({ kind: z.literal("online"), iuv: z.string(), paymentUrl: z.string() }),
  z.object({ kind: z.literal("notice"), iuv: z.string(), codiceAvviso: z.string(), token: z.string() }),
]);
const AttemptSchema = z.union([z.object({ pending: z.literal(true) }), z.object({ outcome: OutcomeSchema })]);

const attempts = createTransientStore<z.infer<typeof AttemptSchema>>({
  name: "payment-attempts",
  schema: AttemptSchema,
  maxEntries: 2000,
  ttlMs: FIFTEEN_MINUTES,
  perClient: { maxEntries: 30 },
});
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

/** The attempts on their way in this process (the same key shares one promise). */
const inFlight = new Map<string, Promise<SystemResult<AttemptOutcome>>>();

/**
 * Runs `create` once per key: later calls with the key answer the first call's result. Failures are forgotten.
 * When the store refuses the key (the client's quota, the store full or down), `create` does not run: "unavailable".
 */
export function runOnce(
  key: string,
  owner: StoreOwner,
  create: () => Promise<SystemResult<AttemptOutcome>>,
): Promise<SystemResult<AttemptOutcome>> {
  const running = inFlight.get(key);
  if (running) return running;
  const promise = (async (): Promise<SystemResult<AttemptOutcome>> => {
    const existing = await attempts.get(key).catch(() => null);
    if (existing === null) return { ok: false, reason: "unavailable", detail: "attempt store unavailable" };
    if (existing && "outcome" in existing) return { ok: true, value: existing.outcome };
    const kept = await attempts.set(key, { pending: true }, owner);
    if (!kept.ok) return { ok: false, reason: "unavailable", detail: `attempt not kept: ${kept.refused}` };
    let result: SystemResult<AttemptOutcome>;
    try {
      result = await create();
    } catch (error) {
      await attempts.delete(key).catch(() => {});
      throw error;
    }
    if (result.ok) await attempts.set(key, { outcome: result.value }, owner);
    else await attempts.delete(key).catch(() => {});
    return result;
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

/** The notice's token, or `undefined` when the store refuses it (the client's quota, the store full or down). */
export async function keepNotice(notice: StoredNotice, owner: StoreOwner): Promise<string | undefined> {
  const kept = await notices.put(notice, owner);
  return kept.ok ? kept.key : undefined;
}

export async function findNotice(token: string | undefined): Promise<StoredNotice | undefined> {
  return token ? await notices.get(token) : undefined;
}
