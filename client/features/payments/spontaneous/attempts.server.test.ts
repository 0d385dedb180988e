import { describe, expect, it } from "vitest";
import { findNotice, keepNotice } from "./attempts.server.ts";

const ME = { client: "192.0.2.10" };

describe("notices", async () => {
  it("are found by their unguessable token only", async () => {
    const token = await keepNotice({ pdf: new Uint8Array([1]), codiceAvviso: "3", amountCents: 100 }, ME);
    expect(token!.length).toBeGreaterThanOrEqual(32);
    expect((await findNotice(token))?.codiceAvviso).toBe("3");
    expect(await findNotice("nope")).toBeUndefined();
    expect(await findNotice(undefined)).toBeUndefined();
  });

  it("one client keeps at most 10 notices: the 11th is refused, the others stay", async () => {
    const client = { client: "203.0.113.5" };
    const notice = { pdf: new Uint8Array(10), codiceAvviso: "4", amountCents: 100 };
    const tokens: (string | undefined)[] = [];
    for (let i = 0; i < 10; i++) tokens.push(await keepNotice(notice, client));
    expect(await keepNotice(notice, client)).toBeUndefined();
    const found = await Promise.all(tokens.map((t) => findNotice(t)));
    expect(found.every((n) => n?.codiceAvviso === "4")).toBe(true);
  });
});
