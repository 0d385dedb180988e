import { randomBytes } from "#server/security/random-bytes.ts";
import { claimedSealTime, createSealer, type Sealer, type SealingSecrets } from "#server/security/seal.ts";
import {
  PORTAL_COOKIES,
  flowNameOf,
  type PortalCookie,
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
/**
 * What the flow cookies together may weigh in the browser's `Cookie` header (names, values and separators). Proxies
 * and servers refuse or drop a header over 8 KB (nginx's default buffers, Tomcat's limit, this portal's page cache):
 * with this budget, the upstream's session cookie and the portal's small ones still fit beside the flows. Four
 * forms filled in at once with long texts weighed 9 KB, and the browser then lost its login with its forms.
 */
export const FLOW_COOKIES_BUDGET = 6000;

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
    let held: HeldFlows | undefined;
    const heldFlows = () => (held ??= new HeldFlows(cookies));
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
      write(name: string, value: unknown, options: { expires?: Date } = {}): string[] {
        const sealed = sealerFor(name).seal(JSON.stringify(value));
        if (sealed.length > MAX_COOKIE) throw new Error(`flow state ${name} too large`);
        const evicted = heldFlows().save(name, sealed);
        return [
          setPortalCookie(flowCookieKey(name), sealed, { ...security, ...options }),
          ...evicted.map((other) => clearPortalCookie(flowCookieKey(other), security)),
        ];
      },
      clear(name: string): string {
        heldFlows().drop(name);
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

/**
 * The flow cookies the browser will send next, as this answer leaves them: their weight in its `Cookie` header and
 * when each was saved. A save that takes them over `FLOW_COOKIES_BUDGET` clears the drafts (forms being filled in)
 * saved longest ago, never the one being saved nor the small states beside them (a booking's proof, an outcome).
 */
class HeldFlows {
  private readonly flows = new Map<string, { bytes: number; savedAt: number }>();

  constructor(cookies: Record<string, string | undefined>) {
    for (const name of FLOW_KEYS.keys()) {
      const value = cookies[flowCookieName(name)];
      if (value) this.flows.set(name, { bytes: weight(name, value), savedAt: claimedSealTime(value) ?? 0 });
    }
  }

  /** Records a save; returns the drafts that must give way, oldest first. */
  save(name: string, sealed: string): string[] {
    this.flows.set(name, { bytes: weight(name, sealed), savedAt: Number.POSITIVE_INFINITY });
    let total = [...this.flows.values()].reduce((sum, flow) => sum + flow.bytes, 0);
    const evicted: string[] = [];
    const drafts = [...this.flows]
      .filter(([other]) => other !== name && isDraft(other))
      .sort(([, a], [, b]) => a.savedAt - b.savedAt);
    for (const [other, flow] of drafts) {
      if (total <= FLOW_COOKIES_BUDGET) break;
      total -= flow.bytes;
      this.flows.delete(other);
      evicted.push(other);
    }
    return evicted;
  }

  drop(name: string): void {
    this.flows.delete(name);
  }
}

/** A cookie's bytes in a `Cookie` header: `name=value; `. */
const weight = (name: string, value: string) => flowCookieName(name).length + value.length + 3;

const isDraft = (name: string) => (PORTAL_COOKIES[flowCookieKey(name)] as PortalCookie).draft === true;
