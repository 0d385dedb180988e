import type { FlowOwner } from "#client/context.ts";
import type { FlowCookies } from "#client/lib/flow.server.ts";
import { comparableFiscalCode } from "#shared/validation/fiscal-code.ts";

/** The browser id the stubs below hold (`CITFAC_BROWSER`). */
export const TEST_BROWSER = "b".repeat(43);

/** A request's owner: a citizen by fiscal code, or anonymous (on TEST_BROWSER). */
export function ownerOf(cf: string | null): FlowOwner {
  return cf ? { kind: "citizen", cf: comparableFiscalCode(cf) } : { kind: "anonymous" };
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
  const tag = savedBy ? `c:${comparableFiscalCode(savedBy)}` : `a:${TEST_BROWSER}`;
  return {
    read: () => (state === undefined || state === "tampered" ? state : { o: tag, s: state }),
    write: () => "",
    clear: () => "",
    carried: () => [],
    browser: () => ({ id: TEST_BROWSER, setCookie: null }),
    clearBrowser: () => "CITFAC_BROWSER=; Max-Age=0",
    owner: ownerOf(reader),
  };
}
