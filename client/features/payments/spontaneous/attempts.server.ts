import { randomBytes } from "node:crypto";
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
 * idempotency key (a second POST with the same key, even while the first is still on its way, shares the same
 * promise and never calls the upstream again), and the generated notices' PDFs by an unguessable token that only
 * the browser's sealed flow cookie carries. Both for 15 minutes, bounded in size, and per client (address): at most
 * 30 attempts and 10 notices (4 MB). A full store or quota refuses the newcomer (the step answers "unavailable"; the
 * upstream's own idempotency key makes the retry find the first notice), never evicts anyone's.
 */
const attempts = createTransientStore<Promise<SystemResult<AttemptOutcome>>>({
  maxEntries: 2000,
  ttlMs: FIFTEEN_MINUTES,
  perClient: { maxEntries: 30 },
});
const notices = createTransientStore<StoredNotice>({
  maxEntries: 200,
  maxBytes: 32 * 1024 * 1024,
  sizeOf: (notice) => notice.pdf.byteLength,
  ttlMs: FIFTEEN_MINUTES,
  perClient: { maxEntries: 10, maxBytes: 4 * 1024 * 1024 },
});

/**
 * Runs `create` once per key: later calls with the key answer the first call's result. Failures are forgotten.
 * When the store refuses the key (the client's quota or the store full), `create` does not run: "unavailable".
 */
export async function runOnce(
  key: string,
  owner: StoreOwner,
  create: () => Promise<SystemResult<AttemptOutcome>>,
): Promise<SystemResult<AttemptOutcome>> {
  const existing = attempts.get(key);
  if (existing) return existing;
  let resolve!: (running: Promise<SystemResult<AttemptOutcome>>) => void;
  const promise = new Promise<SystemResult<AttemptOutcome>>((r) => (resolve = r));
  const kept = attempts.set(key, promise, owner);
  if (!kept.ok) return { ok: false, reason: "unavailable", detail: `attempt not kept: ${kept.refused}` };
  resolve(
    create().then(
      (result) => {
        if (!result.ok) attempts.delete(key);
        return result;
      },
      (error: unknown) => {
        attempts.delete(key);
        throw error;
      },
    ),
  );
  return promise;
}

/** The notice's token, or `undefined` when the store refuses it (the client's quota or the store full). */
export function keepNotice(notice: StoredNotice, owner: StoreOwner): string | undefined {
  const kept = notices.put(notice, owner);
  return kept.ok ? kept.key : undefined;
}

export function findNotice(token: string | undefined): StoredNotice | undefined {
  return token ? notices.get(token) : undefined;
}

export function newIdempotencyKey(): string {
  return randomBytes(16).toString("hex");
}
