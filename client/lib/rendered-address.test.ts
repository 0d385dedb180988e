// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { addressOf, mustReload, reloadIfMoved, RELOADED_FOR_KEY, RENDERED_FOR } from "./rendered-address.ts";

test("the address is the path and the query, never the fragment", () => {
  expect(addressOf(new URL("http://x/prenota?passo=riepilogo#main"))).toBe("/prenota?passo=riepilogo");
  expect(addressOf(new URL("http://x/"))).toBe("/");
  expect(addressOf(new URL("http://x/faq?"))).toBe("/faq");
});

test("the query is compared as React Router's server serialises it, whatever spelling the browser sent", () => {
  const server = "/faq?q=%3Cimg+src%3Dx+onerror%3Dalert%281%29%3E";
  expect(addressOf(new URL("http://x/faq?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"))).toBe(server);
  expect(addressOf(new URL(`http://x${server}`))).toBe(server);
  expect(addressOf(new URL("http://x/faq?q=it's&lang=en"))).toBe("/faq?q=it%27s&lang=en");
  expect(addressOf(new URL("http://x/faq?_routes=root&q=a"))).toBe("/faq?q=a");
});

test("a document is loaded anew only when the browser shows another address than it was rendered for", () => {
  expect(mustReload("/prenota?passo=riepilogo", "/prenota?passo=richiedente", null)).toBe(true);
  expect(mustReload("/prenota?passo=riepilogo", "/prenota?passo=riepilogo", null)).toBe(false);
  // A document that does not say (an error page of the server's own) is hydrated as it is.
  expect(mustReload(null, "/prenota", null)).toBe(false);
  // Already reloaded for this address and still another: a reload cannot cure it (a proxy rewriting addresses).
  expect(mustReload("/portale/faq", "/faq", "/faq")).toBe(false);
  expect(mustReload("/faq", "/", "/faq")).toBe(true);
});

let reload: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  sessionStorage.clear();
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, "reload").mockImplementation(reload);
});
afterEach(() => vi.restoreAllMocks());

function renderedFor(address: string, shown: string) {
  document.documentElement.setAttribute(RENDERED_FOR, address);
  history.replaceState(null, "", shown);
}

test("Back before the router listens: the page is loaded anew, once", () => {
  renderedFor("/prenota?passo=riepilogo", "/prenota?passo=richiedente");
  expect(reloadIfMoved()).toBe(true);
  expect(reload).toHaveBeenCalledTimes(1);
  expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBe("/prenota?passo=richiedente");

  // The reloaded document still names another address: hydrated as it is, no loop.
  expect(reloadIfMoved()).toBe(false);
  expect(reload).toHaveBeenCalledTimes(1);
});

test("a document that matches clears the guard, so a later Back on the same address is cured again", () => {
  sessionStorage.setItem(RELOADED_FOR_KEY, "/faq");
  renderedFor("/faq", "/faq");
  expect(reloadIfMoved()).toBe(false);
  expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBeNull();

  renderedFor("/", "/faq");
  expect(reloadIfMoved()).toBe(true);
  expect(reload).toHaveBeenCalledTimes(1);
});

test("without the tab's storage there is no loop guard, so no reload", () => {
  vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
    throw new DOMException("denied", "SecurityError");
  });
  renderedFor("/", "/faq");
  expect(reloadIfMoved()).toBe(false);
  expect(reload).not.toHaveBeenCalled();
});
