import {
  TRANSIENT_KEY_PATTERN,
  createTransientStore,
  type StoreOwner,
  type StorePut,
} from "#client/lib/transient-store.server.ts";

/**
 * What must survive between two requests of the assistance form but must not ride in a cookie: an uploaded
 * attachment (kept while the form is shown again after an error, a "Aggiorna tipologie" or a draft resume) and the
 * anonymous request waiting for its e-mail code. The portal's short-lived store (client/lib/transient-store.server.ts):
 * 30 minutes, at most 500 entries and 64 MB together (an attachment is at most 2 MB, base64 in the ticket payload);
 * one client (address) at most 20 entries and 12 MB. A full store or quota refuses the newcomer (`storeRefusal`).
 */
const store = createTransientStore<NonNullable<unknown>>({
  ttlMs: 30 * 60 * 1000,
  maxEntries: 500,
  maxBytes: 64 * 1024 * 1024,
  sizeOf: (value) => JSON.stringify(value).length,
  perClient: { maxEntries: 20, maxBytes: 12 * 1024 * 1024 },
});

export const REF_PATTERN = TRANSIENT_KEY_PATTERN;

export function putPending(value: NonNullable<unknown>, owner: StoreOwner): StorePut {
  return store.put(value, owner);
}

export function getPending(key: string | null | undefined): unknown {
  return key && REF_PATTERN.test(key) ? store.get(key) : undefined;
}

export function deletePending(key: string | null | undefined): void {
  store.delete(key);
}
