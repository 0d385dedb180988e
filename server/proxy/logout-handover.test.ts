import { describe, expect, test } from "vitest";
import { href } from "#client/lib/links.ts";
import { PORTAL_LOGOUT_PATH } from "./logout-handover.ts";

describe("the upstream logout's handover to the portal's", () => {
  test("sends the browser to the logout route of client/routes.ts", () => {
    expect(PORTAL_LOGOUT_PATH).toBe(href("/logout"));
  });
});
