import { LRUCache } from "lru-cache";

/*
 * The report's attached files between the data step and "Invia": in this process's memory, keyed by the random
 * `uploadId` of the flow cookie (never in the cookie), for at most an hour and within a total size. A restart or an
 * eviction loses them: the summary then lists no files and the citizen can attach them again.
 */

export type StoredFile = { id: string; filename: string; mimeType: string; data: Uint8Array };

const TTL_MS = 60 * 60 * 1000;
/** All reports together: 64 MB. */
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

const store = new LRUCache<string, StoredFile[]>({
  ttl: TTL_MS,
  maxSize: MAX_TOTAL_BYTES,
  sizeCalculation: (files) =>
    Math.max(
      1,
      files.reduce((sum, f) => sum + f.data.byteLength, 0),
    ),
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
