import { XSRF_COOKIE } from "./xsrf.ts";

/**
 * How a portal cookie's value is protected: `sealed` (AES-256-GCM with the server secret, see
 * server/security/seal.ts), `plain` (nothing to protect: a random token or a preference).
 */
export type CookieProtection = "sealed" | "plain";

export type PortalCookie = {
  name: string;
  /** A multi-step flow's sealed state, or a small state kept beside one (client/lib/flow.server.ts). */
  flow?: true;
  httpOnly: boolean;
  sameSite: "lax" | "strict";
  protection: CookieProtection;
  /** Seconds; absent for a session cookie. */
  maxAgeS?: number;
  /**
   * Sealed cookies: how long the sealed value opens after it was sealed (seconds), whatever the browser keeps. A
   * captured cookie stops working by itself (server/security/seal.ts); a rewrite (each step of a flow) starts again.
   */
  sealedMaxAgeS?: number;
  /**
   * A form being filled in (a multi-step flow's state, the largest cookies): when the flows together would outgrow
   * what a browser sends in one `Cookie` header, the one saved longest ago gives way (server/render/flow-state.ts).
   */
  draft?: true;
};

const HOUR_S = 60 * 60;
const DAY_S = 24 * HOUR_S;
/** A flow's state: a day after its last step (the flows' own limits are shorter or equal). */
const FLOW_SEALED_MAX_AGE_S = DAY_S;

/** What every flow cookie's name starts with. */
export const FLOW_COOKIE_PREFIX = "flow_";

/**
 * A flow's registry entry: `flow_<name>`, sealed, HttpOnly, SameSite=Lax, a session cookie whose sealed state opens
 * for a day after it was written (`sealedMaxAgeS` for a flow kept longer).
 */
function flowCookie<const N extends string>(name: N, sealedMaxAgeS: number = FLOW_SEALED_MAX_AGE_S) {
  return {
    name: `${FLOW_COOKIE_PREFIX}${name}`,
    flow: true,
    httpOnly: true,
    sameSite: "lax",
    protection: "sealed",
    sealedMaxAgeS,
  } as const;
}

/** A multi-step flow's entry: a flow cookie holding a form being filled in (`draft`). */
function draftCookie<const N extends string>(name: N) {
  return { ...flowCookie(name), draft: true } as const;
}

/**
 * Every cookie the portal sets for itself: the one registry used to set them (server/security/cookies.ts) and to keep
 * them from the upstream (server/proxy/header-hygiene.ts). A cookie missing here would leak upstream: add it here.
 * All are `Path=/`; `Secure` when the portal is served over TLS (configured, or the request came over TLS).
 */
export const PORTAL_COOKIES = {
  /** The double-submit token, read by scripts and echoed as `X-XSRF-TOKEN` or the `_xsrf` form field. */
  xsrf: { name: XSRF_COOKIE, httpOnly: false, sameSite: "lax", protection: "plain" },
  /**
   * The maintenance credential (the spec's session-storage key as name): a session cookie whose sealed value opens
   * for 12 hours (a working day; then the maintainer logs in again).
   */
  maintenance: {
    name: "CITFAC_MAINTENANCE",
    httpOnly: true,
    sameSite: "strict",
    protection: "sealed",
    sealedMaxAgeS: 12 * HOUR_S,
  },
  /**
   * A browser the maintainer logged in from (sealed: the municipality and a random id), for 90 days: its maintenance
   * logins count against its own limit, not the address's or the municipality's, so a flood of wrong logins from
   * elsewhere cannot lock the maintainer out (server/security/rate-limiter.ts).
   */
  maintenanceDevice: {
    name: "CITFAC_MAINTENANCE_DEVICE",
    httpOnly: true,
    sameSite: "strict",
    protection: "sealed",
    maxAgeS: 90 * DAY_S,
    sealedMaxAgeS: 90 * DAY_S,
  },
  /** The chosen language, `it` or `en`, for a year. */
  locale: {
    name: "lang",
    httpOnly: false,
    sameSite: "lax",
    protection: "plain",
    maxAgeS: 365 * DAY_S,
  },
  /** Development only: the simulated logout. */
  devLogout: { name: "dev_logout", httpOnly: true, sameSite: "lax", protection: "plain" },
  /**
   * DELEGHE acting-for (issue #28): per asset, the delegation the citizen chose to act under (sealed; session). The
   * portal re-checks it upstream on every request; a cookie not sealed by the portal means no acting-for.
   */
  actingFor: {
    name: "CITFAC_DELEGANTE",
    httpOnly: true,
    sameSite: "lax",
    protection: "sealed",
    sealedMaxAgeS: DAY_S,
  },
  /**
   * This browser (issue #36): a random id, set with the first flow an anonymous visitor saves, that the anonymous
   * flows are bound to (client/lib/flow.server.ts): a flow cookie copied to another browser is another owner's. A year,
   * so that the proofs of anonymous bookings (kept until their appointments are over) stay readable. It names nothing
   * and changes no page (the page cache treats it as neutral).
   */
  browser: {
    name: "CITFAC_BROWSER",
    httpOnly: true,
    sameSite: "lax",
    protection: "plain",
    maxAgeS: 365 * 24 * 60 * 60,
  },
  // One entry per multi-step flow, and per small state kept beside one (docs/decisions/flows.md): `flow_<name>`,
  // sealed per name, HttpOnly, a session cookie (a flow saving with `expires` keeps it longer). A flow's
  // `defineFlow`/`defineFlowCookie` names its entry's key: a flow without an entry does not compile.
  /** The booking of an appointment. */
  flowBooking: draftCookie("booking"),
  /** The booking started from a service's page (`?servizio=`). */
  flowBookingService: draftCookie("booking-service"),
  /** The change of an appointment. */
  flowAppointmentEdit: draftCookie("appt-edit"),
  /** The proofs of anonymous bookings, kept until their appointments are over. */
  flowAppointmentAccess: flowCookie("appt-access", 201 * DAY_S),
  /** A spontaneous payment through PagoPA (PPAY). */
  flowSpontaneousPpay: draftCookie("spont-ppay"),
  /** A spontaneous payment through MyPay. */
  flowSpontaneousMypay: draftCookie("spont-mypay"),
  /** The last generated payment notice (its result page and PDF). */
  flowPaymentNotice: flowCookie("spont-notice"),
  /** A payment's outcome by its idempotency key. */
  flowPaymentOutcome: flowCookie("pay-outcome"),
  /** An assistance request (anonymous: its e-mail code). */
  flowAssistance: draftCookie("assist"),
  /** The assistance request's result page. */
  flowAssistanceFeedback: flowCookie("assist-feedback"),
  /** A disruption report. */
  flowDisruption: draftCookie("disruption"),
  /** The profile wizard. */
  flowProfileWizard: draftCookie("profile-wizard"),
  /** A profile contact's change waiting for its code. */
  flowProfileContact: flowCookie("profile-contact"),
  /** An online delegation. */
  flowDelegheOnline: draftCookie("deleghe-online"),
  /** The online delegation's result page (the delegate's name). */
  flowDelegheSent: flowCookie("deleghe-inviata"),
  /** The delegation request with its three documents (the bytes wait in the shared store). */
  flowDelegheRequest: draftCookie("deleghe-richiesta"),
  /** The request's success page: whom it names. */
  flowDelegheRequestSent: flowCookie("deleghe-richiesta-inviata"),
  /**
   * A post refused because the delegation it acted under ended (issue #40): whose, for the page the browser is sent
   * back to (read once).
   */
  flowActingForRefused: flowCookie("delega-finita"),
  /** The push opt-in was shown in this browser session: no other tab asks again (issue #40). */
  flowPushAsked: flowCookie("push-chiesto"),
  /** What the citizen has just done (a booking, a change…), for its success page (issue #40). */
  flowJustDone: flowCookie("appena-fatto"),
  /** The push token this browser gave the citizen's contacts (removed again at logout; issue #36). */
  flowPushToken: flowCookie("push-token"),
} as const satisfies Record<string, PortalCookie>;

export type PortalCookieKey = keyof typeof PORTAL_COOKIES;

/** The registry's flow entries (`flowBooking`...): what `defineFlow` and `defineFlowCookie` take. */
export type FlowCookieKey = {
  [K in PortalCookieKey]: (typeof PORTAL_COOKIES)[K] extends { flow: true } ? K : never;
}[PortalCookieKey];

/** How long a sealed cookie's value opens after it was sealed (its registry entry's `sealedMaxAgeS`). */
export function sealedMaxAgeOf(key: PortalCookieKey): number {
  const cookie: PortalCookie = PORTAL_COOKIES[key];
  if (cookie.protection !== "sealed" || cookie.sealedMaxAgeS === undefined)
    throw new Error(`${cookie.name} is not a sealed cookie with a maximum age`);
  return cookie.sealedMaxAgeS;
}

/** The registered cookie of that name, if any. */
export function portalCookieFor(name: string): PortalCookie | undefined {
  return Object.values(PORTAL_COOKIES).find((c: PortalCookie) => name === c.name);
}

/**
 * True for a cookie the portal sets for itself: never the upstream's business. Any `flow_` cookie is the portal's,
 * registered or not (a browser may still hold one of a flow since removed).
 */
export function isPortalCookie(name: string): boolean {
  return portalCookieFor(name) !== undefined || name.startsWith(FLOW_COOKIE_PREFIX);
}

/** A flow's name (what its sealing is bound to): its cookie's name after `flow_`. */
export function flowNameOf(key: FlowCookieKey): string {
  return PORTAL_COOKIES[key].name.slice(FLOW_COOKIE_PREFIX.length);
}
