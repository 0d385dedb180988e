/**
 * Where an unsafe request (a form post, a script's fetch) comes from, by what the browser says about it
 * (docs/decisions/anonymous-pages.md): the one check every action of the portal passes, resource routes included.
 *
 * - `Sec-Fetch-Site` (every current browser: Chromium 76, Firefox 90, Safari 16.4): `same-origin` passes, and `none`
 *   (a navigation the person started, never one another page can cause); `same-site` and `cross-site` are refused.
 * - else `Origin` (sent on every POST by Chromium, Firefox ≥ 70, Safari, with or without JavaScript): it must be the
 *   request's own origin; `null` (a sandboxed frame, a privacy redirect) and anything unparsable are refused.
 * - else `Referer` (older browsers send it on a form post; our Referrer-Policy keeps the full URL same-origin): its
 *   origin must be the request's.
 * - else nothing is known of the sender (a very old browser, a privacy proxy that strips all three, a script outside
 *   a browser): the double-submit token decides, as before (`unknown`).
 *
 * None of these headers can be set by a page for a cross-site request, so a browser-borne forgery is always one of the
 * refused cases; a client that forges them is not a browser carrying a victim's cookies.
 */
export type SenderVerdict = "same-origin" | "cross-site" | "unknown";

type Headers = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The verdict on an unsafe request whose own origin is `ownOrigin` (`protocol://host[:port]`, lower-case host). */
export function senderOf(headers: Headers, ownOrigin: string): SenderVerdict {
  const site = one(headers["sec-fetch-site"]);
  if (site !== undefined && site !== "") {
    return site === "same-origin" || site === "none" ? "same-origin" : "cross-site";
  }
  const origin = one(headers.origin);
  if (origin !== undefined && origin !== "") {
    return origin !== "null" && originOf(origin) === ownOrigin ? "same-origin" : "cross-site";
  }
  const referer = one(headers.referer);
  if (referer !== undefined && referer !== "") {
    return originOf(referer) === ownOrigin ? "same-origin" : "cross-site";
  }
  return "unknown";
}

/** A request's own origin as the browser sees it (`protocol` and `host` as Express reads them behind the proxy). */
export function ownOriginOf(protocol: string, host: string | undefined): string {
  return originOf(`${protocol}://${host ?? ""}`) ?? "";
}
