import { z } from "zod";
import { createTransientStore, type StoreOwner, type StoreSet } from "#client/lib/transient-store.server.ts";

/*
 * The report's attached files between the data step and "Invia": the portal's short-lived store
 * (client/lib/transient-store.server.ts), keyed by the random `uploadId` of the flow cookie (never in the cookie),
 * for at most an hour and 64 MB for all reports together; one client (address, an IPv6 /64) holds at most 10
 * reports' files and 20 MB, one citizen (whatever their address) 3 reports' files and 20 MB, one municipality half the
 * store, one report (flow) at most 20 MB (10 files of 2 MB). The files are read back only by the citizen who attached
 * them, and deleted at their logout. A full store or quota refuses the new files, never
 * evicts anyone's. With the in-memory store a restart or another replica loses them, and the hour passing always: the flow remembers their ids
 * (`fileIds`), so the summary says so and "Invia" stops instead of sending the report without them.
 */

export type StoredFile = { id: string; filename: string; mimeType: string; data: Uint8Array };

const MB = 1024 * 1024;

const StoredFilesSchema = z.array(
  z.object({ id: z.string(), filename: z.string(), mimeType: z.string(), data: z.instanceof(Uint8Array) }),
);

const store = createTransientStore<StoredFile[]>({
  name: "report-files",
  schema: StoredFilesSchema,
  ttlMs: 60 * 60 * 1000,
  maxEntries: 2000,
  maxBytes: 64 * MB,
  sizeOf: (files) => files.reduce((sum, f) => sum + f.data.byteLength, 0),
  perClient: { maxEntries: 10, maxBytes: 20 * MB },
  perFlow: { maxEntries: 1, maxBytes: 20 * MB },
  perCitizen: { maxEntries: 3, maxBytes: 20 * MB },
});

/** The report's files, when `readers` (the request's owner tags, `storeReaders`) include their owner. */
export async function getFiles(uploadId: string, readers: readonly string[]): Promise<StoredFile[]> {
  return (await store.get(uploadId, readers)) ?? [];
}

/** Keeps the report's files (`owner.flow` is the `uploadId`); fewer files than before (same client) are never refused. */
export async function setFiles(uploadId: string, files: StoredFile[], owner: StoreOwner): Promise<StoreSet> {
  if (files.length === 0) {
    await store.delete(uploadId);
    return { ok: true };
  }
  return store.set(uploadId, files, owner);
}

export async function clearFiles(uploadId: string): Promise<void> {
  store.delete(uploadId);
}
