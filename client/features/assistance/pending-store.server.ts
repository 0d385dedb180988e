import { z } from "zod";
import {
  TRANSIENT_KEY_PATTERN,
  createTransientStore,
  type StoreOwner,
  type StorePut,
} from "#client/lib/transient-store.server.ts";

/**
 * What must survive between two requests of the assistance form but must not ride in a cookie: an uploaded
 * attachment (kept while the form is shown again after an error, a "Aggiorna tipologie" or a draft resume, or while
 * an anonymous request waits for its e-mail code), and the rare anonymous request too long for its cookie. The
 * portal's short-lived store (client/lib/transient-store.server.ts): 30 minutes, at most 500 entries and 64 MB
 * together (an attachment is at most 2 MB, base64 in the ticket payload); one client (address, an IPv6 /64) at most 20
 * entries and 12 MB; one municipality half of it. A full store or quota refuses the newcomer (`storeRefusal`); an
 * entry is read back only by whom it was kept for, and a citizen's go at their logout.
 */
const store = createTransientStore<NonNullable<unknown>>({
  name: "assistance-pending",
  // The callers check what they read with their own schemas (AttachmentSchema, PendingRequestSchema).
  schema: z.custom<NonNullable<unknown>>((v) => v !== null && v !== undefined),
  ttlMs: 30 * 60 * 1000,
  maxEntries: 500,
  maxBytes: 64 * 1024 * 1024,
  sizeOf: (value) => JSON.stringify(value).length,
  perClient: { maxEntries: 20, maxBytes: 12 * 1024 * 1024 },
});

export const REF_PATTERN = TRANSIENT_KEY_PATTERN;

export function putPending(value: NonNullable<unknown>, owner: StoreOwner): Promise<StorePut> {
  return store.put(value, owner);
}

/** The entry, when `readers` (the request's owner tags, `storeReaders`) include the owner it was kept for. */
export async function getPending(
  key: string | null | undefined,
  readers: readonly string[],
): Promise<unknown> {
  return key && REF_PATTERN.test(key) ? await store.get(key, readers) : undefined;
}

export async function deletePending(key: string | null | undefined): Promise<void> {
  await store.delete(key);
}
