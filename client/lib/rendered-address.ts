/**
 * The address (path and query) a document was rendered for, and what the browser does when it is no longer the
 * address it shows before React Router listens.
 *
 * React Router's hydration takes the server's data as the data of whatever `window.location` holds when the router is
 * created, and it hears Back and Forward only from then on. The entry waits for a first frame before it hydrates
 * (issue #40), the scripts take their time on a slow phone, and a Back pressed in that gap to an entry of the same
 * document (a step the router pushed before a reload) moves the address without loading anything: the citizen saw the
 * page he left under the address of the one he went back to (issue #39, the booking's "reload, then Back"). The root
 * layout writes the rendered address on `<html>`; the entry compares it with the browser's before it hydrates and once
 * the router is up, and loads the page anew when they differ.
 */

/** The `<html>` attribute that names the address the server rendered the document for. */
export const RENDERED_FOR = "data-rendered-for";

/** The sessionStorage key of the address last reloaded for (so a mismatch that a reload cannot cure stops at one). */
export const RELOADED_FOR_KEY = "portal:reloaded-for";

/**
 * The address as React Router's server names a document's location: the path as sent, the query re-serialised (its
 * `getNormalizedPath` reads it with URLSearchParams and drops `_routes`), so `?q=a%20b` is `?q=a+b`. The browser keeps
 * the query as sent; compared raw, such an address reloaded the page once for nothing (a CI run beside a busy loop
 * caught the FAQ's `?q=%3Cimg%20…(1)%3E` navigated away under a test reading its answer).
 */
export function addressOf(location: { pathname: string; search: string }): string {
  const query = new URLSearchParams(location.search);
  query.delete("_routes");
  const search = query.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

/**
 * Whether to load the document anew: it names the address it was rendered for, the browser shows another, and the
 * tab has not just reloaded for that very address (a proxy that rewrites addresses must not make a reload loop; the
 * page is then hydrated as it is, as before this check).
 */
export function mustReload(renderedFor: string | null, shown: string, reloadedFor: string | null): boolean {
  return renderedFor !== null && renderedFor !== shown && reloadedFor !== shown;
}

/** The tab's storage, or none where the browser refuses it (private modes, blocked storage). */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Loads the page anew when the address moved since the server rendered it (`mustReload`); returns whether it did.
 * Without storage for the loop guard it never reloads.
 */
export function reloadIfMoved(): boolean {
  const storage = tabStorage();
  if (!storage) return false;
  const shown = addressOf(window.location);
  try {
    const renderedFor = document.documentElement.getAttribute(RENDERED_FOR);
    const reloadedFor = storage.getItem(RELOADED_FOR_KEY);
    if (!mustReload(renderedFor, shown, reloadedFor)) {
      if (reloadedFor !== null && renderedFor === shown) storage.removeItem(RELOADED_FOR_KEY);
      return false;
    }
    storage.setItem(RELOADED_FOR_KEY, shown);
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
