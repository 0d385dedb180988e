import { timingSafeEqual } from "node:crypto";
import { randomBytes } from "./random-bytes.ts";
import { XSRF_FIELD } from "#shared/xsrf.ts";

const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const MASKED_SHAPE = /^[A-Za-z0-9_-]{86}$/;

export function createXsrfToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

export function isWellFormedXsrfToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_SHAPE.test(value);
}

/**
 * The token as it goes into a page: a fresh random pad and the token XOR the pad. Every response carries different
 * bytes, so a compressed page that also reflects input gives an attacker nothing to guess against (BREACH).
 */
export function maskXsrfToken(token: string): string {
  const raw = Buffer.from(token, "base64url");
  const pad = randomBytes(raw.length);
  const masked = Buffer.alloc(raw.length);
  for (let i = 0; i < raw.length; i++) masked[i] = raw[i]! ^ pad[i]!;
  return Buffer.concat([pad, masked]).toString("base64url");
}

function unmask(value: string): Buffer {
  const bytes = Buffer.from(value, "base64url");
  const pad = bytes.subarray(0, TOKEN_BYTES);
  const masked = bytes.subarray(TOKEN_BYTES);
  return Buffer.from(masked.map((b, i) => b ^ pad[i]!));
}

/**
 * Double-submit check, constant time: the echoed value (the cookie itself from scripts, or a masked copy from a
 * page's form) must carry the token of the portal's cookie.
 */
export function xsrfMatches(cookieValue: unknown, echoed: unknown): boolean {
  if (!isWellFormedXsrfToken(cookieValue) || typeof echoed !== "string") return false;
  const expected = Buffer.from(cookieValue, "base64url");
  if (TOKEN_SHAPE.test(echoed)) return timingSafeEqual(expected, Buffer.from(echoed, "base64url"));
  if (MASKED_SHAPE.test(echoed)) return timingSafeEqual(expected, unmask(echoed));
  return false;
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

/** How much of a form body may be read to find the token (the field comes first in every form of the portal). */
export const XSRF_PEEK_BYTES = 4096;

/**
 * The `_xsrf` field from the first bytes of a form body, without reading the rest: `undefined` when it is not
 * there, `"incomplete"` while more bytes could still complete it.
 */
export function xsrfFieldFromPrefix(
  contentType: string,
  prefix: string,
  ended: boolean,
): string | undefined | "incomplete" {
  if (contentType.startsWith("application/x-www-form-urlencoded")) {
    const pairs = prefix.split("&");
    const complete = ended ? pairs : pairs.slice(0, -1);
    for (const pair of complete) {
      const [name, value = ""] = pair.split("=");
      if (name === XSRF_FIELD) return safeDecode(value);
    }
    return ended ? undefined : "incomplete";
  }
  if (contentType.startsWith("multipart/form-data")) {
    const field =
      /content-disposition:\s*form-data;\s*name="_xsrf"\r\n(?:[^\r\n]+\r\n)*\r\n([^\r\n]*)\r\n/i.exec(prefix);
    if (field) return field[1];
    return ended ? undefined : "incomplete";
  }
  return undefined;
}
