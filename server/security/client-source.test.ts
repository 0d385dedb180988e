import { describe, expect, test } from "vitest";
import { clientSource } from "./client-source.ts";

describe("a client's source for its quotas (issue #36)", () => {
  test("an IPv4 address is its own source", () => {
    expect(clientSource("203.0.113.7")).toBe("203.0.113.7");
    expect(clientSource("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  test("every address of one IPv6 /64 is one source, another /64 another", () => {
    const a = clientSource("2001:db8:36:1:abcd:12:3:4");
    expect(a).toBe("2001:db8:36:1::/64");
    expect(clientSource("2001:0db8:0036:0001::1")).toBe(a);
    expect(clientSource("[2001:db8:36:1:ffff::9]")).toBe(a);
    expect(clientSource("2001:db8:36:1::1%eth0")).toBe(a);
    expect(clientSource("2001:db8:36:2::1")).toBe("2001:db8:36:2::/64");
    expect(clientSource("::1")).toBe("0:0:0:0::/64");
    expect(clientSource("2001:db8::1.2.3.4")).toBe("2001:db8:0:0::/64");
  });

  test("nothing, or something that is no address, is taken as it is", () => {
    expect(clientSource(undefined)).toBe("unknown");
    expect(clientSource("not-an-address")).toBe("not-an-address");
  });
});
