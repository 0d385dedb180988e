import { expect, test } from "vitest";
import { addPushToken } from "./contacts.ts";

test("the token is added to each service lacking it, other tokens and services kept", () => {
  const current = { anagrafe: ["old"], tari: ["old", "tok"], other: ["x"] };
  const { push, added } = addPushToken(current, ["anagrafe", "tari", "eventi"], "tok");
  expect(added).toBe(2);
  expect(push).toEqual({ anagrafe: ["old", "tok"], tari: ["old", "tok"], eventi: ["tok"], other: ["x"] });
  expect(current.anagrafe).toEqual(["old"]);
});

test("nothing to add when every service holds the token", () => {
  expect(addPushToken({ a: ["tok"] }, ["a"], "tok")).toEqual({ push: { a: ["tok"] }, added: 0 });
});
