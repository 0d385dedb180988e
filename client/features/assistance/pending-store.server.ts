import { randomBytes } from "node:crypto";

/**
 * A short-lived server-side store for what must survive between two requests of the assistance form but must not
 * ride in a cookie: an uploaded attachment (kept while the form is shown again after an error, a "Aggiorna
 * tipologie" or a draft resume) and the anonymous request waiting for its e-mail code. Keys are unguessable
 * (32 random bytes); entries expire after `TTL_MS` and the store holds at most `MAX_ENTRIES` (oldest evicted).
 * In memory: one portal process (a multi-instance deployment would need a shared store).
 */
const TTL_MS = 30 * 60 * 1000;
const MAX_ENTRIES = 500;

type Entry = { value: unknown; expires: number };
const entries = new Map<string, Entry>();

function sweep(now: number): void {
  for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);
  while (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
}

export const REF_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function putPending(value: unknown, now = Date.now()): string {
  sweep(now);
  const key = randomBytes(32).toString("base64url");
  entries.set(key, { value, expires: now + TTL_MS });
  return key;
}

export function getPending(key: string | null | undefined, now = Date.now()): unknown {
  if (!key || !REF_PATTERN.test(key)) return undefined;
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expires <= now) {
    entries.delete(key);
    return undefined;
  }
  return entry.value;
}

export function deletePending(key: string | null | undefined): void {
  if (key) entries.delete(key);
}
