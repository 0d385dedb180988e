import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

export type Sealer = {
  /** Always sealed with the current secret. */
  seal(value: string): string;
  /** Returns undefined for anything that was not sealed by one of the accepted keys (tampered, truncated, foreign). */
  unseal(token: string | undefined): string | undefined;
  /**
   * As `unseal`, saying whether the token was sealed with a previous secret (`PORTAL_SECRET_PREVIOUS`): a value the
   * portal keeps (the maintenance credential) is then sealed again with the current one.
   */
  open(token: string | undefined): { value: string; previous: boolean } | undefined;
};

/** The secret that seals, and the secrets still accepted for opening (a rotation in progress). */
export type SealingSecrets = { current: string; previous?: readonly string[] };

const keyOf = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync("sha256", secret, "portale-del-cittadino", purpose, 32));

function openWith(key: Buffer, raw: Buffer): string | undefined {
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/**
 * AES-256-GCM under a key derived from the server secret; tokens are base64url(iv | tag | ciphertext). Tokens sealed
 * under a previous secret still open (the keys are tried in order, current first); new tokens use the current one.
 */
export function createSealer(secrets: string | SealingSecrets, purpose: string): Sealer {
  const { current, previous = [] } = typeof secrets === "string" ? { current: secrets } : secrets;
  const key = keyOf(current, purpose);
  const previousKeys = previous.filter((s) => s !== current).map((s) => keyOf(s, purpose));
  const open = (token: string | undefined) => {
    if (!token || token.length > 4096 || !/^[\w-]+$/.test(token)) return undefined;
    const raw = Buffer.from(token, "base64url");
    if (raw.length < 29) return undefined;
    const value = openWith(key, raw);
    if (value !== undefined) return { value, previous: false };
    for (const old of previousKeys) {
      const opened = openWith(old, raw);
      if (opened !== undefined) return { value: opened, previous: true };
    }
    return undefined;
  };
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    unseal: (token) => open(token)?.value,
    open,
  };
}
