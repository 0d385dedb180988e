import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie";
import type { Citizen, SandboxStore } from "./types.ts";

export const SESSION_COOKIE = "SANDBOX_SSO";
// A constant key is enough for a demo identity provider, and keeps sessions valid across restarts.
const signingKey = "portale-del-cittadino/sandbox-sso/v1";
const maxSessions = 500;

function sign(sessionId: string): string {
  return createHmac("sha256", signingKey).update(sessionId).digest("base64url");
}

function verify(cookieValue: string): string | null {
  const [sessionId, signature] = cookieValue.split(".");
  if (!sessionId || !signature) return null;
  const expected = Buffer.from(sign(sessionId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : null;
}

function sessionIdFrom(cookieHeader: string | undefined): string | null {
  const value = cookieHeader ? parse(cookieHeader)[SESSION_COOKIE] : undefined;
  return value ? verify(value) : null;
}

/** Records a session for `codFisc` and returns the `Set-Cookie` value. */
export function openSession(store: SandboxStore, codFisc: string): string {
  const sessions = store.state.sessions;
  const oldest = Object.keys(sessions).slice(0, Math.max(0, Object.keys(sessions).length - maxSessions + 1));
  for (const id of oldest) delete sessions[id];
  const sessionId = randomUUID();
  sessions[sessionId] = { codFisc, createdAt: new Date().toISOString() };
  store.save();
  return serialize(SESSION_COOKIE, `${sessionId}.${sign(sessionId)}`, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
  });
}

/** Forgets the session (if any) and returns the `Set-Cookie` value that clears the cookie. */
export function closeSession(store: SandboxStore, cookieHeader: string | undefined): string {
  const sessionId = sessionIdFrom(cookieHeader);
  if (sessionId && store.state.sessions[sessionId]) {
    delete store.state.sessions[sessionId];
    store.save();
  }
  return serialize(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 0 });
}

export function citizenFromSession(store: SandboxStore, cookieHeader: string | undefined): Citizen | null {
  const sessionId = sessionIdFrom(cookieHeader);
  const session = sessionId ? store.state.sessions[sessionId] : undefined;
  const record = session ? store.state.citizens[session.codFisc] : undefined;
  if (!record) return null;
  const { codFisc, nome, cognome, email, phoneNumber } = record;
  return { codFisc, nome, cognome, email, phoneNumber };
}
