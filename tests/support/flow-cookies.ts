import { parse as parseCookie } from "cookie";
import type { FlowOwner } from "#client/context.ts";
import type { FlowCookies } from "#client/lib/flow.server.ts";
import { normalizeFiscalCode } from "#shared/validation/fiscal-code.ts";
import { createFlowState } from "#server/render/flow-state.ts";

/** The browser id the stubs below hold (`CITFAC_BROWSER`). */
export const TEST_BROWSER = "b".repeat(43);

/** A request's owner: a citizen by fiscal code, or anonymous (on TEST_BROWSER). */
export function ownerOf(cf: string | null): FlowOwner {
  return cf ? { kind: "citizen", cf: normalizeFiscalCode(cf) } : { kind: "anonymous" };
}

/**
 * The flow cookies of a request that holds `state` (already opened) as saved by `savedBy` (default: the reader), read
 * by `reader` (a fiscal code, or null for an anonymous visitor on TEST_BROWSER). `state` "tampered" is a cookie not
 * sealed by the portal. For unit tests of a flow's schema and steps, without sealing.
 */
export function holdingState(
  state: unknown,
  reader: string | null = null,
  savedBy: string | null = reader,
): FlowCookies {
  const tag = savedBy ? `c:${normalizeFiscalCode(savedBy)}` : `a:${TEST_BROWSER}`;
  return {
    read: () => (state === undefined || state === "tampered" ? state : { o: tag, s: state }),
    write: () => [],
    clear: () => "",
    carried: () => [],
    browser: () => ({ id: TEST_BROWSER, setCookie: null }),
    clearBrowser: () => "CITFAC_BROWSER=; Max-Age=0",
    owner: ownerOf(reader),
  };
}

const flowState = createFlowState("a-test-secret-of-at-least-32-characters!!");

/**
 * A browser's cookie jar for the flow's own functions: what the answers' `Set-Cookie` headers leave behind, sealed as
 * the portal seals them, sent back with the next request. Its requests are `citizen`'s (a fiscal code) unless `owner`
 * says whose they are (as the root middleware would have said). Not PortalBrowser: there is no app in between.
 */
export function createFlowJar(citizen: string) {
  const cookies: Record<string, string | undefined> = {};
  return {
    cookies,
    services(owner: FlowOwner = ownerOf(citizen)): FlowCookies {
      return { ...flowState({ ...cookies }, { secure: false }), owner };
    },
    receive(headers: Headers) {
      for (const line of headers.getSetCookie()) {
        const [pair] = line.split(";");
        const name = pair!.slice(0, pair!.indexOf("="));
        const value = parseCookie(pair!)[name];
        if (/Max-Age=0/i.test(line)) delete cookies[name];
        else cookies[name] = value;
      }
    },
  };
}
