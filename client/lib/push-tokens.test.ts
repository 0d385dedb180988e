import { expect, test } from "vitest";
import { PUSH_TOKENS_PER_SERVICE, addPushToken, removePushToken } from "./push-tokens.ts";

test("the token is added to each service lacking it, other tokens and services kept", () => {
  const current = { anagrafe: ["old"], tari: ["old", "tok"], other: ["x"] };
  const { push, added, changed } = addPushToken(current, ["anagrafe", "tari", "eventi"], "tok");
  expect([added, changed]).toEqual([2, true]);
  expect(push).toEqual({ anagrafe: ["old", "tok"], tari: ["old", "tok"], eventi: ["tok"], other: ["x"] });
  expect(current.anagrafe).toEqual(["old"]);
});

test("nothing to add when every service holds the token", () => {
  expect(addPushToken({ a: ["tok"] }, ["a"], "tok")).toEqual({
    push: { a: ["tok"] },
    added: 0,
    changed: false,
  });
});

test("this browser's previous token is replaced everywhere, not kept beside the new one (issue #36)", () => {
  const { push, changed } = addPushToken({ a: ["x", "old"], b: ["old"], c: ["y"] }, ["a", "b"], "new", "old");
  expect(changed).toBe(true);
  expect(push).toEqual({ a: ["x", "new"], b: ["new"], c: ["y"] });
});

test("a service at the upstream's limit drops its oldest token for the new one (issue #36)", () => {
  const full = Array.from({ length: PUSH_TOKENS_PER_SERVICE }, (_, i) => `t${i}`);
  const { push } = addPushToken({ a: full }, ["a"], "new");
  expect(push.a).toHaveLength(PUSH_TOKENS_PER_SERVICE);
  expect(push.a![0]).toBe("t1");
  expect(push.a!.at(-1)).toBe("new");
});

test("a token removed from every service (logout); nothing to write when none held it", () => {
  expect(removePushToken({ a: ["x", "tok"], b: ["tok"] }, "tok")).toEqual({
    push: { a: ["x"], b: [] },
    changed: true,
  });
  expect(removePushToken({ a: ["x"] }, "tok").changed).toBe(false);
});
