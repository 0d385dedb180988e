import { z } from "zod";
import { DOCUMENT_SLOTS, type DocumentSlot } from "#shared/api/deleghe.ts";
import { createTransientStore, type StoreOwner, type StoreSet } from "#client/lib/transient-store.server.ts";

/*
 * A delegation request's three documents between the documents step and "Invia la richiesta": the portal's
 * short-lived store (client/lib/transient-store.server.ts, docs/decisions/shared-store.md), keyed by the random
 * `uploadId` of the flow cookie (never in the cookie), for at most an hour. One request (flow) holds one entry of at
 * most 3 documents of 2 MB; one citizen at most 3 requests' documents (a browser each), whatever their address; one
 * client (address, an IPv6 /64) at most 10 requests' documents and 20 MB; one municipality half the store; all
 * together 64 MB. A full store or quota refuses the newcomer (the step says so and keeps what was typed), never evicts
 * anyone's. The documents are read back only by the citizen who uploaded them, and deleted at their logout.
 */

export type StoredDocument = { filename: string; mimeType: string; data: Uint8Array };
export type StoredDocuments = Partial<Record<DocumentSlot, StoredDocument>>;

const MB = 1024 * 1024;

const StoredDocumentsSchema = z.partialRecord(
  z.enum(DOCUMENT_SLOTS),
  z.object({ filename: z.string(), mimeType: z.string(), data: z.instanceof(Uint8Array) }),
);

const store = createTransientStore<StoredDocuments>({
  name: "deleghe-documents",
  schema: StoredDocumentsSchema,
  ttlMs: 60 * 60 * 1000,
  maxEntries: 1000,
  maxBytes: 64 * MB,
  sizeOf: (docs) => Object.values(docs).reduce((sum, d) => sum + (d?.data.byteLength ?? 0), 0),
  perClient: { maxEntries: 10, maxBytes: 20 * MB },
  perFlow: { maxEntries: 1, maxBytes: 7 * MB },
  perCitizen: { maxEntries: 3, maxBytes: 21 * MB },
});

/** The request's documents, when `readers` (the request's owner tags, `storeReaders`) include their owner. */
export async function getDocuments(uploadId: string, readers: readonly string[]): Promise<StoredDocuments> {
  return (await store.get(uploadId, readers)) ?? {};
}

/** Keeps the request's documents (`owner.flow` is the `uploadId`). */
export function setDocuments(uploadId: string, docs: StoredDocuments, owner: StoreOwner): Promise<StoreSet> {
  return store.set(uploadId, docs, owner);
}

export async function clearDocuments(uploadId: string): Promise<void> {
  await store.delete(uploadId);
}
