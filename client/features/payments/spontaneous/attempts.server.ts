import { randomBytes } from "node:crypto";
import { createTransientStore } from "#client/lib/transient-store.server.ts";
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
 * the browser's sealed flow cookie carries. Both for 15 minutes, bounded in size.
 */
const attempts = createTransientStore<Promise<SystemResult<AttemptOutcome>>>({
  maxEntries: 2000,
  ttlMs: FIFTEEN_MINUTES,
});
const notices = createTransientStore<StoredNotice>({
  maxEntries: 200,
  maxBytes: 32 * 1024 * 1024,
  sizeOf: (notice) => notice.pdf.byteLength,
  ttlMs: FIFTEEN_MINUTES,
});

/** Runs `create` once per key: later calls with the key answer the first call's result. Failures are forgotten. */
export async function runOnce(
  key: string,
  create: () => Promise<SystemResult<AttemptOutcome>>,
): Promise<SystemResult<AttemptOutcome>> {
  const existing = attempts.get(key);
  if (existing) return existing;
  const running = create().then(
    (result) => {
      if (!result.ok) attempts.delete(key);
      return result;
    },
    (error: unknown) => {
      attempts.delete(key);
      throw error;
    },
  );
  attempts.set(key, running);
  return running;
}

export function keepNotice(notice: StoredNotice): string {
  return notices.put(notice);
}

export function findNotice(token: string | undefined): StoredNotice | undefined {
  return token ? notices.get(token) : undefined;
}

export function newIdempotencyKey(): string {
  return randomBytes(16).toString("hex");
}
