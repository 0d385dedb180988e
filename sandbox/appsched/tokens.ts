import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const hashPattern = /^[A-Za-z0-9_-]{32,128}$/;

/** The secret link code of an appointment (sent only by e-mail): 24 random bytes, 32 base64url characters. */
export function generateAppointmentHash(): string {
  return randomBytes(24).toString("base64url");
}

/** Stable hash of a seeded appointment, so demo links survive a reset. */
export function getSeedAppointmentHash(tenantId: string, id: number): string {
  return createHash("sha256").update(`appsched-seed:${tenantId}:${id}`).digest("base64url").slice(0, 32);
}

export function isWellFormedHash(value: string): boolean {
  return hashPattern.test(value);
}

export function generateSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Proof that the caller created appointment `id` anonymously: HMAC-SHA256(secret, "access:{tenant}:{id}"). */
export function createAccessToken(secret: string, tenantId: string, id: number): string {
  return sign(secret, `access:${tenantId}:${id}`);
}

export function isValidAccessToken(secret: string, tenantId: string, id: number, token: unknown): boolean {
  if (typeof token !== "string" || token.length === 0) return false;
  const expected = Buffer.from(createAccessToken(secret, tenantId, id));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Meeting room of a video-call appointment: unguessable, and unrelated to the hash. */
export function createMeetingRoom(secret: string, tenantId: string, id: number): string {
  return sign(secret, `room:${tenantId}:${id}`).slice(0, 16);
}

function sign(secret: string, message: string): string {
  return createHmac("sha256", secret).update(message).digest("base64url");
}
