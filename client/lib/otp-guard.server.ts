import { z } from "zod";
import { storeKey } from "#shared/store-port.server.ts";
import { normalizeFiscalCode } from "#shared/validation/fiscal-code.ts";
import { createTransientStore, type TransientStore } from "./transient-store.server.ts";

/**
 * The portal's own guard around one-time codes (the anonymous assistance request's e-mail code, the profile's e-mail
 * and SMS codes), because the upstream caps nothing and checks a code against the fiscal code only, not the contact
 * it went to (upstream contract §8). Counted here, server side, in the short-lived store, keyed by the pending
 * request (a key the flow's sealed cookie carries): a replayed cookie brings back an old key, never an old counter.
 *
 * - a code is bound to the fiscal code, channel and contact it was sent to: a check for anything else is refused;
 * - at most `OTP_MAX_WRONG` wrong tries per pending request, counted before the upstream is asked (parallel tries
 *   cannot overtake the count); then the pending request is forgotten and the citizen starts again;
 * - at most `OTP_MAX_RESENDS` new codes after the first, one every `OTP_RESEND_INTERVAL_MS`.
 * - for the anonymous request (`exclusive`): while a code sent for a fiscal code to one contact may still be valid
 *   (`OTP_VALIDITY_MS`, or until it is used), no code for that fiscal code goes to another contact, since the
 *   upstream would take the first one for a request naming the second.
 * The limits per client address and per contact are the server's (`server/security/otp-limits.ts`).
 */
export const OTP_MAX_WRONG = 5;
export const OTP_MAX_RESENDS = 3;
export const OTP_RESEND_INTERVAL_MS = 30_000;
/** How long an upstream code stays valid (contract §8: five minutes). */
export const OTP_VALIDITY_MS = 5 * 60 * 1000;

export type OtpBinding = { cf: string; kind: "EMAIL" | "SMS"; contact: string };
/**
 * What the store keeps of a binding: keyed hashes (shared/store-port.server.ts), never the fiscal code or the contact
 * (docs/operations.md "Personal data"). `cf` and `binding` compare equal exactly when the values do.
 */
type BindingKeys = { cf: string; binding: string; slot: string; contact: string };
/** `verifiedAt`: a code of this request was found valid (a try of the same code still on its way is no mistake). */
type Entry = BindingKeys & { wrong: number; sends: number; lastSentAt: number; verifiedAt?: number };

export type SendVerdict =
  | { ok: true; undo(): Promise<void> }
  | { ok: false; reason: "wait"; waitS: number }
  | { ok: false; reason: "resends" }
  | { ok: false; reason: "busy"; waitS: number }
  | { ok: false; reason: "unknown" };

/**
 * How a counted try ended: `verified` when this request's code was found valid, by this try or by another one of the
 * same request (a double click: the upstream spends a code once and calls the second "wrong").
 */
export type TryEnd = { discarded: boolean; left: number; verified: boolean };

export type TryVerdict =
  | { ok: true; done(outcome: "valid" | "wrong" | "outage"): Promise<TryEnd> }
  | { ok: false; reason: "exhausted" | "unknown" | "verified" };

function keysOf(binding: OtpBinding): BindingKeys {
  const cf = storeKey("otp-cf", normalizeFiscalCode(binding.cf));
  return {
    cf,
    binding: storeKey(
      "otp-binding",
      `${binding.kind}\u0000${normalizeFiscalCode(binding.cf)}\u0000${binding.contact}`,
    ),
    // Per channel and fiscal code: the contact the last exclusive code went to.
    slot: `${binding.kind}:${cf}`,
    contact: storeKey("otp-contact", binding.contact),
  };
}

const sameBinding = (entry: BindingKeys, binding: OtpBinding) => entry.binding === keysOf(binding).binding;

const EntrySchema = z.object({
  cf: z.string(),
  binding: z.string(),
  slot: z.string(),
  contact: z.string(),
  wrong: z.number(),
  sends: z.number(),
  lastSentAt: z.number(),
  verifiedAt: z.number().optional(),
});

/**
 * One change at a time per key in this process (a read, then a write of the shared store): parallel tries cannot
 * overtake the count. Across replicas two tries of one browser at the same instant could (the cookie is the same).
 */
function createKeyLock() {
  const tails = new Map<string, Promise<unknown>>();
  return async function locked<T>(key: string, run: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    const result = before.then(run, run);
    const tail = result.catch(() => {});
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

/** The fiscal code's account in the store (hashed again by the store: its keys never hold the value). */
const ownerOf = (keys: { cf: string }) => ({ client: `cf:${keys.cf}` });

/** The guard's stores, lock and clock. */
type Guard = {
  now: () => number;
  locked: ReturnType<typeof createKeyLock>;
  /** The pending requests' counters. */
  store: TransientStore<Entry>;
  /** Per channel and fiscal code (hashed): the contact (hashed) the last exclusive code went to, and until when. */
  lastContact: TransientStore<{ contact: string; until: number }>;
};

type SendOptions = { exclusive?: boolean; hold?: boolean };

/** Records the contact a code goes to (exclusive or held sends); returns how to give the record back. */
async function holdContact(guard: Guard, binding: OtpBinding, options: SendOptions) {
  if (!options.exclusive && !options.hold) return async () => {};
  const { slot, contact } = keysOf(binding);
  const previous = await guard.lastContact.get(slot);
  await guard.lastContact.set(
    slot,
    { contact, until: guard.now() + OTP_VALIDITY_MS },
    ownerOf(keysOf(binding)),
  );
  return async () => {
    if (previous) await guard.lastContact.set(slot, previous, ownerOf(keysOf(binding)));
    else await guard.lastContact.delete(slot);
  };
}

/** The first code for `key`: its counter starts (refused when the fiscal code's share of the store is used up). */
async function firstSend(
  guard: Guard,
  key: string,
  binding: OtpBinding,
  options: SendOptions,
): Promise<SendVerdict> {
  const { store, locked, now } = guard;
  // The fiscal code's share of the store is used up: as many codes as it may have at once are pending.
  const keys = keysOf(binding);
  const kept = await store.set(key, { ...keys, wrong: 0, sends: 1, lastSentAt: now() }, ownerOf(keys));
  if (!kept.ok) return { ok: false, reason: "resends" };
  const release = await holdContact(guard, binding, options);
  return {
    ok: true,
    undo: () =>
      locked(key, async () => {
        await store.delete(key);
        await release();
      }),
  };
}

/** Another code for `key`, within the resends and their interval. */
async function resend(
  guard: Guard,
  key: string,
  entry: Entry,
  binding: OtpBinding,
  options: SendOptions,
): Promise<SendVerdict> {
  const { store, locked, now } = guard;
  if (!sameBinding(entry, binding)) return { ok: false, reason: "unknown" };
  if (entry.sends > OTP_MAX_RESENDS) return { ok: false, reason: "resends" };
  const since = now() - entry.lastSentAt;
  if (since < OTP_RESEND_INTERVAL_MS)
    return { ok: false, reason: "wait", waitS: Math.ceil((OTP_RESEND_INTERVAL_MS - since) / 1000) };
  const previous = entry.lastSentAt;
  await store.set(key, { ...entry, sends: entry.sends + 1, lastSentAt: now() }, ownerOf(entry));
  const release = await holdContact(guard, binding, options);
  return {
    ok: true,
    undo: () =>
      locked(key, async () => {
        const current = await store.get(key);
        if (current)
          await store.set(
            key,
            { ...current, sends: current.sends - 1, lastSentAt: previous },
            ownerOf(current),
          );
        await release();
      }),
  };
}

function beginSend(
  guard: Guard,
  key: string,
  binding: OtpBinding,
  options: SendOptions,
): Promise<SendVerdict> {
  return guard.locked(key, async (): Promise<SendVerdict> => {
    if (options.exclusive) {
      const keys = keysOf(binding);
      const holder = await guard.lastContact.get(keys.slot);
      const now = guard.now();
      if (holder && holder.contact !== keys.contact && holder.until > now)
        return { ok: false, reason: "busy", waitS: Math.ceil((holder.until - now) / 1000) };
    }
    const entry = await guard.store.get(key);
    // A discarded request gets no code any more (its cookie replayed included).
    if (entry && entry.wrong >= OTP_MAX_WRONG) return { ok: false, reason: "unknown" };
    return entry ? resend(guard, key, entry, binding, options) : firstSend(guard, key, binding, options);
  });
}

/** How a counted try ended: the try given back on an outage, the pending request forgotten when done. */
async function endTry(
  guard: Guard,
  key: string,
  entry: Entry,
  outcome: "valid" | "wrong" | "outage",
): Promise<TryEnd> {
  const { store, lastContact } = guard;
  const current = (await store.get(key)) ?? { ...entry, wrong: entry.wrong + 1 };
  // Another try of this request found its code valid meanwhile: this one's "wrong" is that code spent, no mistake.
  if (current.verifiedAt !== undefined)
    return { discarded: false, left: OTP_MAX_WRONG - current.wrong, verified: true };
  const wrong = outcome === "outage" ? current.wrong - 1 : current.wrong;
  if (outcome === "outage") await store.set(key, { ...current, wrong }, ownerOf(entry));
  const left = OTP_MAX_WRONG - wrong;
  if (outcome === "valid") {
    // Kept, marked, until the entry's time is up: a late second submission of the same code is told it went through.
    await store.set(key, { ...current, verifiedAt: guard.now() }, ownerOf(entry));
    // A code used up is no longer valid upstream: the fiscal code may get codes for other contacts again.
    if ((await lastContact.get(entry.slot))?.contact === entry.contact) await lastContact.delete(entry.slot);
    return { discarded: false, left, verified: true };
  }
  const discarded = outcome === "wrong" && left <= 0;
  if (discarded) await store.delete(key);
  return { discarded, left, verified: false };
}

function beginTry(guard: Guard, key: string, binding: OtpBinding): Promise<TryVerdict> {
  return guard.locked(key, async (): Promise<TryVerdict> => {
    const entry = await guard.store.get(key);
    if (!entry || !sameBinding(entry, binding)) return { ok: false, reason: "unknown" };
    if (entry.verifiedAt !== undefined) return { ok: false, reason: "verified" };
    // Tries still on their way may yet come back as outages: the entry goes when the last one is wrong.
    if (entry.wrong >= OTP_MAX_WRONG) return { ok: false, reason: "exhausted" };
    await guard.store.set(key, { ...entry, wrong: entry.wrong + 1 }, ownerOf(entry));
    return { ok: true, done: (outcome) => guard.locked(key, () => endTry(guard, key, entry, outcome)) };
  });
}

export function createOtpGuard(options: { now?: () => number; ttlMs?: number; maxEntries?: number } = {}) {
  // Entries are owned by the fiscal code they are for: however many requests name one, it holds a bounded share
  // (the senders' own limits are the server's, per address and per contact); a full store refuses, evicts nobody.
  const guard: Guard = {
    now: options.now ?? Date.now,
    locked: createKeyLock(),
    store: createTransientStore<Entry>({
      name: "otp-guard",
      schema: EntrySchema,
      ttlMs: options.ttlMs ?? 30 * 60 * 1000,
      maxEntries: options.maxEntries ?? 20_000,
      perClient: { maxEntries: 20 },
      now: options.now,
    }),
    lastContact: createTransientStore<{ contact: string; until: number }>({
      name: "otp-last-contact",
      schema: z.object({ contact: z.string(), until: z.number() }),
      ttlMs: OTP_VALIDITY_MS,
      maxEntries: options.maxEntries ?? 20_000,
      perClient: { maxEntries: 2 },
      now: options.now,
    }),
  };

  return {
    /**
     * Before asking the upstream for a code for `key`: the first code, or a resend within the limits. A key already
     * bound to another contact is refused (a changed contact is a new pending request). `undo()` gives the send
     * back when the upstream did not send it.
     *
     * `exclusive` (the anonymous request, whose code the upstream accepts for any request naming the same fiscal
     * code): no code goes to another contact for this fiscal code while one sent to a different contact may still
     * be valid, so every code that could create a request went to the contact that request names. `hold` (the
     * profile's e-mail codes, which the upstream would take for an anonymous request too) records the contact
     * without being refused.
     */
    beginSend: (key: string, binding: OtpBinding, sendOptions: SendOptions = {}) =>
      beginSend(guard, key, binding, sendOptions),
    /** Resends still allowed for `key` (for the page), or null when no code was sent. */
    async resendsLeft(key: string): Promise<number | null> {
      const entry = await guard.store.get(key);
      return entry ? Math.max(0, OTP_MAX_RESENDS + 1 - entry.sends) : null;
    },
    /**
     * Before checking a code for `key`: counts the try first. `done("wrong")` forgets the pending request at the
     * last try; `done("outage")` gives the try back (the citizen typed nothing wrong); `done("valid")` marks it
     * verified: a later try of it is `verified` (a double submission of the right code), never a wrong one.
     */
    beginTry: (key: string, binding: OtpBinding) => beginTry(guard, key, binding),
    async forget(key: string | null | undefined): Promise<void> {
      await guard.store.delete(key);
    },
    /**
     * The request of `key` is discarded (too many wrong codes): it is remembered as such for the guard's lifetime,
     * so a replayed cookie naming it gets no code and no try (`isDiscarded`).
     */
    async discard(key: string, binding: OtpBinding): Promise<void> {
      const keys = keysOf(binding);
      await guard.locked(key, () =>
        guard.store.set(
          key,
          { ...keys, wrong: OTP_MAX_WRONG, sends: OTP_MAX_RESENDS + 1, lastSentAt: guard.now() },
          ownerOf(keys),
        ),
      );
    },
    /** Whether the request of `key` was discarded. */
    async isDiscarded(key: string): Promise<boolean> {
      const entry = await guard.store.get(key);
      return entry !== undefined && entry.wrong >= OTP_MAX_WRONG;
    },
  };
}
export type OtpGuard = ReturnType<typeof createOtpGuard>;

/** The portal's one guard (per process, like the store it lives in). */
export const otpGuard = createOtpGuard();
