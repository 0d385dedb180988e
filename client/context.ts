import { createContext } from "react-router";
import type { PortalApi, MaintenanceCredential } from "#shared/api/portal-api.ts";
import type { PublicEnv } from "#config/public.ts";
import type { Locale } from "#shared/locale.ts";

export type RequestLogger = {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** A Nominatim-style place as `/geocoding` answers it. */
export type GeoPlace = {
  lat: string;
  lon: string;
  display_name: string;
  address: { road?: string; house_number?: string; city?: string; town?: string; village?: string } & Record<
    string,
    unknown
  >;
};

/**
 * Whose a request's flows are (issue #36, client/lib/flow.server.ts): the logged-in citizen (their comparable fiscal
 * code), an anonymous visitor (bound to this browser's id), or not known because the upstream could not say who the
 * citizen is (`failure` is what it threw: a flow is then neither shown nor saved).
 */
export type FlowOwner =
  { kind: "citizen"; cf: string } | { kind: "anonymous" } | { kind: "unknown"; failure: unknown };

/** What the Express server hands to every loader, action and middleware of one request (server side only). */
export type RequestServices = {
  api: PortalApi;
  tenantId: string;
  /**
   * The client's source as the portal sees it: its address (`req.ip`: the socket's, or the forwarded one under
   * `TRUST_PROXY`), an IPv6 one cut to its /64 (`server/security/client-source.ts`, issue #36), what per-client
   * quotas count against (the short-lived store, the one-time codes' and anonymous payments' limits).
   */
  clientAddress: string;
  /** True for a document (a full page load), false for a client-side navigation's data request (`….data`). */
  documentRequest: boolean;
  nonce: string;
  /**
   * The XSRF token masked for this response (its bytes differ on every page), for the forms' `_xsrf` field; empty on
   * an anonymous public page (the same page for every visitor: its forms are protected by the same-origin check).
   */
  xsrfToken: string;
  /**
   * False when this request is a form post another site sent, or one whose sender is unknown without a valid token:
   * the root middleware refuses it, for the reason in `formRefusal`.
   */
  xsrfValid: boolean;
  formRefusal?: "cross-site origin" | "form token missing or wrong";
  /** Limits of multipart uploads, applied where a form is parsed (`readForm`). */
  uploads: { fileLimit: number; maxFiles: number; totalLimit: number };
  /** Geocoding on the server (the `/geocoding` route's cache and queue), e.g. an address search without JavaScript. */
  geocoding?: {
    search(q: string): Promise<GeoPlace[]>;
    reverse(lat: number, lon: number): Promise<GeoPlace>;
  };
  env: PublicEnv;
  locale: Locale;
  log: RequestLogger;
  /**
   * Multi-step flows keep their state in sealed, HttpOnly session cookies (one per flow name): it survives a reload,
   * the back button and a login in the middle, works without JavaScript, and cannot be read or altered by scripts.
   */
  flow: {
    /** The flow's state, `undefined` when absent; `"tampered"` when a cookie is there but was not sealed by us. */
    read(name: string): unknown;
    /**
     * The `Set-Cookie` values storing the state (a session cookie unless `expires` is given) and, when the flows
     * together would outgrow the browser's `Cookie` header, clearing the drafts saved longest ago.
     */
    write(name: string, value: unknown, options?: { expires?: Date }): string[];
    /** A `Set-Cookie` value clearing the state. */
    clear(name: string): string;
    /** The names of the registered flows whose cookies this request carries (logout clears them all). */
    carried(): string[];
    /**
     * This browser's random id (`CITFAC_BROWSER`), which anonymous flows are bound to: the one it holds, or a new one
     * (the same for the whole request) with the `Set-Cookie` that gives it to the browser.
     */
    browser(): { id: string; setCookie: string | null };
    /** A `Set-Cookie` value clearing this browser's id (logout: the next visitor's anonymous flows start afresh). */
    clearBrowser(): string;
    /**
     * Whose flows these are: set once per request by the root middleware (`flowOwnerMiddleware` in
     * client/lib/flow.server.ts) before any loader or action reads or saves a flow.
     */
    owner?: FlowOwner;
  };
  /**
   * DELEGHE acting-for (issue #28): the sealed per-asset choice of a delegator (`CITFAC_DELEGANTE`). What it holds is
   * only a claim: `client/lib/acting-for/` checks it upstream on every request before any page uses it.
   */
  actingFor: {
    /** The stored value, `undefined` when absent, `"tampered"` when the cookie was not sealed by the portal. */
    read(): unknown;
    write(value: unknown): string;
    clear(): string;
  };
  /** The browser's cookies, parsed once by the server (never re-parse the Cookie header in a page). */
  cookies: Readonly<Record<string, string | undefined>>;
  /** Development only: the simulated logout (a registered portal cookie). */
  devLogout: {
    /** True when the visitor asked to look logged out. */
    active: boolean;
    /** A `Set-Cookie` value turning it on or off. */
    toggle(on: boolean): string;
  };
  /** One-time codes (assistance, profile): the sending limits of `server/security/otp-limits.ts`. */
  otp: {
    /** Counts one code sent to `contact` against the per-address and per-contact limits. */
    attemptSend(contact: string): Promise<{ allowed: true } | { allowed: false; retryAfterS: number }>;
  };
  maintenance: {
    /** True when the request carries a (sealed) maintenance credential. */
    held: boolean;
    /** A `Set-Cookie` value that stores the credential sealed with the server secret. */
    sealCookie(credential: MaintenanceCredential): string;
    /** A `Set-Cookie` value that clears the credential. */
    clearCookie(): string;
    /** A `Set-Cookie` value that marks this browser as one the maintainer logged in from (a known device). */
    knownDeviceCookie(): string;
    /**
     * Counts a login attempt against the per-address and per-municipality limits; a known device's against its own
     * limit only, so the municipality's limit cannot lock the maintainer out.
     */
    attemptLogin(): Promise<{ allowed: true } | { allowed: false; retryAfterS: number }>;
  };
  /**
   * At-most-once writes (client/lib/write-once.server.ts): `waitMs`, how long a second submission waits for the first
   * one's upstream call (longer than any call lasts); `settleMs`, how long after a write whose outcome is unknown the
   * upstream may still be making it (only then is it looked up, and sent again if absent).
   */
  writes: { waitMs: number; settleMs: number };
  payments: {
    /** Counts an anonymous visitor's creation of a debt position against the per-address and per-municipality limits. */
    attemptAnonymousCreate(): Promise<{ allowed: true } | { allowed: false; retryAfterS: number }>;
  };
};

export const servicesContext = createContext<RequestServices>();
