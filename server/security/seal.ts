import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

export type Sealer = {
  seal(value: string): string;
  /** Returns undefined for anything that was not sealed by this key (tampered, truncated, foreign). */
  unseal(token: string | undefined): string | undefined;
};

/** AES-256-GCM under a key derived from the server secret; tokens are base64url(iv | tag | ciphertext). */
export function createSealer(secret: string, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync("sha256", secret, "portale-del-cittadino", purpose, 32));
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    unseal(token) {
      if (!token || token.length > 4096 || !/^[\w-]+$/.test(token)) return undefined;
      const raw = Buffer.from(token, "base64url");
      if (raw.length < 29) return undefined;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      } catch {
        return undefined;
      }
    },
  };
}
