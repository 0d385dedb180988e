import type { FooterView } from "./shell-view.ts";

/**
 * The footer of the document being rendered, handed from the root loader to the server's entry (which renders the
 * footer outside the hydration data, see footer-island.tsx). Keyed by the request's services object: one per request,
 * collected with it.
 */
const footers = new WeakMap<object, FooterView>();

export function rememberFooter(requestServices: object, footer: FooterView): void {
  footers.set(requestServices, footer);
}

export function rememberedFooter(requestServices: object): FooterView | null {
  return footers.get(requestServices) ?? null;
}
