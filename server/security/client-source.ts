import { isIPv4, isIPv6 } from "node:net";

/**
 * The source a client's quotas count against (issue #36): its address, except that an IPv6 address counts as its
 * /64 (`2001:db8:36:1::/64`), the prefix one subscriber or one machine is usually given whole, so that a client
 * cycling through the addresses of its prefix is still one client. An IPv4-mapped IPv6 address is its IPv4 address;
 * anything else (an unknown or garbled address) is taken as it is.
 */
export function clientSource(address: string | undefined): string {
  if (!address) return "unknown";
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(bare)) return address;
  return `${expandIPv6(bare).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address (lower case, no leading zeros), `::` and a trailing IPv4 part expanded. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array<string>(missing).fill("0"), ...right];
  return groups.map((g) => parseInt(g, 16).toString(16));
}
