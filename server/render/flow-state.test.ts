import { afterEach, expect, test, vi } from "vitest";
import { createFlowState, FLOW_COOKIES_BUDGET } from "./flow-state.ts";

// The flow cookies together stay within what a browser's Cookie header may carry past proxies (8 KB): forms filled in
// at once with long texts once weighed 9 KB, and the browser lost its login with them.
const flowState = createFlowState("a-test-secret-of-at-least-32-characters!!");
const security = { secure: false };
afterEach(() => vi.useRealTimers());

/** A browser: the cookies its last answers left, sent with the next request. */
class Browser {
  readonly cookies: Record<string, string> = {};
  /** One request writing `name`'s state at `atSecond`; returns the names the answer cleared. */
  save(name: string, state: unknown, atSecond: number): string[] {
    vi.setSystemTime(atSecond * 1000);
    const lines = flowState({ ...this.cookies }, security).write(name, state);
    const cleared: string[] = [];
    for (const line of lines) {
      const [pair = ""] = line.split(";");
      const cookie = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (/Max-Age=0/i.test(line) || value === "") {
        delete this.cookies[cookie];
        cleared.push(cookie);
      } else this.cookies[cookie] = value;
    }
    return cleared;
  }
  headerBytes(): number {
    return Object.entries(this.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ").length;
  }
}

const longText = (n: number) => ({ details: "è".repeat(n) });

test("forms filled in at once: the one saved longest ago gives way, the one being saved and the small states stay", () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  const browser = new Browser();
  expect(browser.save("appt-access", { tokens: ["a"] }, 1_000)).toEqual([]);
  expect(browser.save("booking", longText(800), 2_000)).toEqual([]);
  expect(browser.save("assist", longText(800), 3_000)).toEqual([]);
  expect(browser.headerBytes()).toBeLessThan(FLOW_COOKIES_BUDGET);
  // A third long form: over the budget, the booking (the draft saved first) is cleared; the proofs, older still, stay.
  expect(browser.save("spont-ppay", longText(800), 4_000)).toEqual(["flow_booking"]);
  expect(Object.keys(browser.cookies).sort()).toEqual(["flow_appt-access", "flow_assist", "flow_spont-ppay"]);
  expect(browser.headerBytes()).toBeLessThanOrEqual(FLOW_COOKIES_BUDGET);
  // The assistance request saved again is the newest: the payment saved next makes the MYPAY one push it out.
  expect(browser.save("assist", longText(800), 5_000)).toEqual([]);
  expect(browser.save("spont-mypay", longText(800), 6_000)).toEqual(["flow_spont-ppay"]);
  expect(browser.headerBytes()).toBeLessThanOrEqual(FLOW_COOKIES_BUDGET);
});

test("a draft saved again is weighed as saved now, not as the browser sent it", () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  const browser = new Browser();
  browser.save("booking", longText(800), 1_000);
  browser.save("assist", longText(800), 2_000);
  // The booking shrinks to a few bytes (started over): a third long form then fits beside the other two.
  expect(browser.save("booking", { step: 1 }, 3_000)).toEqual([]);
  expect(browser.save("spont-ppay", longText(800), 4_000)).toEqual([]);
  expect(Object.keys(browser.cookies).sort()).toEqual(["flow_assist", "flow_booking", "flow_spont-ppay"]);
});

test("under the budget, a save is one cookie", () => {
  const lines = flowState({}, security).write("booking", { step: 1 });
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^flow_booking=/);
});
