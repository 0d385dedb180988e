import { randomBytes } from "#server/security/random-bytes.ts";
import { createSealer, type Sealer, type SealingSecrets } from "#server/security/seal.ts";
import {
  PORTAL_COOKIES,
  flowNameOf,
  sealedMaxAgeOf,
  type FlowCookieKey,
  type PortalCookieKey,
} from "#shared/portal-cookies.ts";
import { clearPortalCookie, setPortalCookie, type CookieSecurity } from "#server/security/cookies.ts";
import type { RequestServices } from "#client/context.ts";

const NAME = /^[a-z][a-z0-9-]{0,31}$/;
/** A browser id as the portal makes them (32 random bytes, base64url). */
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;
const MAX_COOKIE = 3800;

/** The registry's flow entries by flow name (`booking` → `flowBooking`). */
const FLOW_KEYS = new Map<string, FlowCookieKey>(
  (Object.keys(PORTAL_COOKIES) as PortalCookieKey[])
    .filter((key): key is FlowCookieKey => "flow" in PORTAL_COOKIES[key])
    .map((key) => [flowNameOf(key), key]),
);

/** A flow's registry key: every flow has its entry in shared/portal-cookies.ts (and a name the sealing accepts). */
export function flowCookieKey(name: string): FlowCookieKey {
  const key = FLOW_KEYS.get(name);
  if (!key || !NAME.test(name))
    throw new Error(`flow ${name} has no valid entry in shared/portal-cookies.ts`);
  return key;
}

export function flowCookieName(name: string): string {
  return PORTAL_COOKIES[flowCookieKey(name)].name;
}

/**
 * Sealed per-flow state cookies (see RequestServices.flow), set with the registry's flags. A flow sealed under a
 * previous secret still reads (a rotation breaks no flow in progress); its next step is written with the current one.
 */
export function createFlowState(secrets: string | SealingSecrets) {
  const sealers = new Map<string, Sealer>();
  const sealerFor = (name: string) => {
    let sealer = sealers.get(name);
    if (!sealer) {
      const maxAgeS = sealedMaxAgeOf(flowCookieKey(name));
      sealers.set(name, (sealer = createSealer(secrets, `flow:${name}`, { maxAgeS })));
    }
    return sealer;
  };
  return (cookies: Record<string, string | undefined>, security: CookieSecurity): RequestServices["flow"] => {
    let browser: { id: string; setCookie: string | null } | undefined;
    return {
      read(name: string): unknown {
        const raw = cookies[flowCookieName(name)];
        if (raw === undefined || raw === "") return undefined;
        const opened = sealerFor(name).unseal(raw);
        if (opened === undefined) return "tampered";
        try {
          return JSON.parse(opened) as unknown;
        } catch {
          return "tampered";
        }
      },
      write(name: string, value: unknown, options: { expires?: Date } = {}): string {
        const sealed = sealerFor(name).seal(JSON.stringify(value));
        if (sealed.length > MAX_COOKIE) throw new Error(`flow state ${name} too large`);
        return setPortalCookie(flowCookieKey(name), sealed, { ...security, ...options });
      },
      clear(name: string): string {
        return clearPortalCookie(flowCookieKey(name), security);
      },
      carried(): string[] {
        return [...FLOW_KEYS.keys()].filter((name) => {
          const value = cookies[PORTAL_COOKIES[FLOW_KEYS.get(name)!].name];
          return value !== undefined && value !== "";
        });
      },
      clearBrowser: () => clearPortalCookie("browser", security),
      browser() {
        if (browser) return browser;
        const held = cookies[PORTAL_COOKIES.browser.name];
        if (held !== undefined && BROWSER_ID.test(held)) return (browser = { id: held, setCookie: null });
        const id = randomBytes(32).toString("base64url");
        return (browser = { id, setCookie: setPortalCookie("browser", id, security) });
      },
    };
  };
}
