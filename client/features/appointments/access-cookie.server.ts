import type { CreatedAppointment } from "#shared/api/appsched.ts";
import { toDate } from "#shared/dates.ts";
import type { FlowCookies } from "#client/lib/flow.server.ts";
import { accessProofs, withAccessToken, type AccessToken, type AccessTokens } from "./flow-state.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** An appointment lasts this long when the upstream does not say its end. */
const DEFAULT_LENGTH_MS = 60 * 60 * 1000;
/** Bookings go at most six months ahead: a proof never needs to outlive that, whatever the upstream answers. */
export const ACCESS_TOKEN_MAX_AGE_MS = 200 * DAY_MS;

/**
 * Until when the proof of an anonymous booking is kept: a day after the appointment ends (the success page and the
 * calendar file stay readable on the day itself), never more than `ACCESS_TOKEN_MAX_AGE_MS` from now.
 */
export function getAccessTokenUntil(
  appointment: Pick<CreatedAppointment, "start" | "end">,
  now: number = Date.now(),
): number {
  const end = appointment.end ? toDate(appointment.end).getTime() : Number.NaN;
  const start = toDate(appointment.start).getTime();
  const over = Number.isFinite(end) ? end : Number.isFinite(start) ? start + DEFAULT_LENGTH_MS : now;
  return Math.min(over + DAY_MS, now + ACCESS_TOKEN_MAX_AGE_MS);
}

export function readAccessTokens(flow: FlowCookies): AccessTokens | undefined {
  return accessProofs.read(flow).state;
}

/**
 * The headers keeping `added` with the visitor's other live proofs. Unlike the booking flow (a session cookie)
 * this one has an expiry (`Max-Age` and, for older browsers, `Expires`), the latest `until` of its proofs: it does not stay in the browser for good. Each proof's
 * `until` is also checked when it is read, so a cookie kept past its expiry proves nothing.
 */
export function writeAccessToken(flow: FlowCookies, added: AccessToken, now: number = Date.now()): Headers {
  const tokens = withAccessToken(readAccessTokens(flow), added, now);
  const until = Math.max(...tokens.tokens.map((entry) => entry.until));
  return accessProofs.save(flow, tokens, { expires: new Date(Math.max(until, now)) });
}
