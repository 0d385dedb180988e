import { createCipheriv, createDecipheriv, hkdfSync } from "node:crypto";
import { randomBytes } from "./random-bytes.ts";

/** What an opened token says: its value, whether a previous secret sealed it, and when it was sealed (Unix s). */
export type Opened = { value: string; previous: boolean; issuedAt: number };

export type Sealer = {
  /**
   * Always sealed with the current secret, stamped with the time of sealing (or `issuedAt`: a value sealed again
   * after a rotation keeps its first time, so a rotation never extends a cookie's life).
   */
  seal(value: string, issuedAt?: number): string;
  /**
   * Returns undefined for anything that was not sealed by one of the accepted keys (tampered, truncated, foreign), or
   * that was sealed longer ago than the kind's maximum age.
   */
  unseal(token: string | undefined): string | undefined;
  /**
   * As `unseal`, saying whether the token was sealed with a previous secret (`PORTAL_SECRET_PREVIOUS`): a value the
   * portal keeps (the maintenance credential) is then sealed again with the current one.
   */
  open(token: string | undefined): Opened | undefined;
};

/** The secret that seals, and the secrets still accepted for opening (a rotation in progress). */
export type SealingSecrets = { current: string; previous?: readonly string[] };

export type SealerOptions = {
  /** How long a sealed value opens after it was sealed, in seconds: its kind's (shared/portal-cookies.ts). */
  maxAgeS: number;
  /** The clock (Unix milliseconds), for tests. */
  now?: () => number;
};

/** Tokens of this format start with it: the issue time follows, then iv | tag | ciphertext. */
const VERSION = 1;
const HEADER = 5;
/** A token sealed by a replica whose clock is ahead: accepted up to this much in the future. */
const CLOCK_SKEW_S = 300;

const keyOf = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync("sha256", secret, "portale-del-cittadino", purpose, 32));

function openWith(key: Buffer, raw: Buffer): string | undefined {
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(HEADER, HEADER + 12));
    // The version and the issue time are authenticated: changing either fails the tag.
    decipher.setAAD(raw.subarray(0, HEADER));
    decipher.setAuthTag(raw.subarray(HEADER + 12, HEADER + 28));
    return Buffer.concat([decipher.update(raw.subarray(HEADER + 28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/**
 * When a token says it was sealed (Unix seconds), read without opening it: unauthenticated, so only for choices that
 * a forged time cannot turn against anyone but its holder (which of a browser's own drafts gives way first).
 */
export function claimedSealTime(token: string): number | undefined {
  const raw = Buffer.from(token.slice(0, 8), "base64url");
  return raw.length >= HEADER && raw[0] === VERSION ? raw.readUInt32BE(1) : undefined;
}

/**
 * AES-256-GCM under a key derived from the server secret and the purpose; tokens are base64url(version | issue time
 * (uint32, Unix seconds) | iv | tag | ciphertext), the first two authenticated with the ciphertext. A token opens
 * for `maxAgeS` after it was sealed: a captured cookie stops working by itself, whatever secret is still listed.
 * Tokens sealed under a previous secret still open (the keys are tried in order, current first); new tokens use the
 * current one. Tokens of the format before issue times (no version byte) do not open.
 */
export function createSealer(
  secrets: string | SealingSecrets,
  purpose: string,
  options: SealerOptions,
): Sealer {
  const { current, previous = [] } = typeof secrets === "string" ? { current: secrets } : secrets;
  const now = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const key = keyOf(current, purpose);
  const previousKeys = previous.filter((s) => s !== current).map((s) => keyOf(s, purpose));
  const open = (token: string | undefined): Opened | undefined => {
    if (!token || token.length > 4096 || !/^[\w-]+$/.test(token)) return undefined;
    const raw = Buffer.from(token, "base64url");
    if (raw.length < HEADER + 29 || raw[0] !== VERSION) return undefined;
    const issuedAt = raw.readUInt32BE(1);
    const age = now() - issuedAt;
    if (age > options.maxAgeS || age < -CLOCK_SKEW_S) return undefined;
    const value = openWith(key, raw);
    if (value !== undefined) return { value, previous: false, issuedAt };
    for (const old of previousKeys) {
      const opened = openWith(old, raw);
      if (opened !== undefined) return { value: opened, previous: true, issuedAt };
    }
    return undefined;
  };
  return {
    seal(value, issuedAt = now()) {
      const header = Buffer.alloc(HEADER);
      header[0] = VERSION;
      header.writeUInt32BE(issuedAt, 1);
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(header);
      const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
      return Buffer.concat([header, iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    unseal: (token) => open(token)?.value,
    open,
  };
}
