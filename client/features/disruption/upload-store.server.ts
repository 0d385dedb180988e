import { createTransientStore } from "#client/lib/transient-store.server.ts";

/*
 * The report's attached files between the data step and "Invia": the portal's short-lived store
 * (client/lib/transient-store.server.ts), keyed by the random `uploadId` of the flow cookie (never in the cookie),
 * for at most an hour and 64 MB for all reports together. A restart or an eviction loses them: the summary then lists
 * no files and the citizen can attach them again.
 */

export type StoredFile = { id: string; filename: string; mimeType: string; data: Uint8Array };

const store = createTransientStore<StoredFile[]>({
  ttlMs: 60 * 60 * 1000,
  maxEntries: 2000,
  maxBytes: 64 * 1024 * 1024,
  sizeOf: (files) => files.reduce((sum, f) => sum + f.data.byteLength, 0),
});

export function getFiles(uploadId: string): StoredFile[] {
  return store.get(uploadId) ?? [];
}

export function setFiles(uploadId: string, files: StoredFile[]): void {
  if (files.length === 0) store.delete(uploadId);
  else store.set(uploadId, files);
}

export function clearFiles(uploadId: string): void {
  store.delete(uploadId);
}
