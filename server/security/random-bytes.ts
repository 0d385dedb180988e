import { randomFillSync } from "node:crypto";

/**
 * The server's random bytes (nonces, XSRF tokens and pads, flow ids, IVs), drawn from a pool that one call to the
 * operating system's generator refills every 4 KiB, as Node's own `randomUUID` caches its entropy. A document took
 * three `crypto.randomBytes` calls, each a call into OpenSSL and the kernel: ~2 % of a logged-in home's CPU in a
 * profile under load (issue #38); a slice of the pool is a copy. Every byte is given out once, so the bytes are as
 * unpredictable as `crypto.randomBytes`' own.
 */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let used = POOL_BYTES;

export function randomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return randomFillSync(Buffer.allocUnsafe(size));
  if (used + size > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = Buffer.from(pool.subarray(used, used + size));
  used += size;
  return bytes;
}
