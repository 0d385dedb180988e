import { useEffect, useRef, type RefObject } from "react";
import { getFocusable } from "./focus.ts";

/**
 * Where the focus goes: an element's ref, or a function finding it after the render (given the key before the
 * change, e.g. to tell a list's new filter from its "more" link).
 */
export type FocusTarget =
  RefObject<HTMLElement | null> | ((previousKey: string) => HTMLElement | null | undefined);

/**
 * Moves the focus to `target` (a heading with `tabIndex={-1}`, or what the function returns) whenever `key` changes
 * after the first render: a new step of a flow, or a list's new filter or page, shown without a page load. Without
 * it the focus stays on `<body>` and a keyboard or screen-reader user restarts from the skip links. An error summary
 * of the new step keeps the focus it has just taken (it focuses itself, see `ErrorSummary`). Without JavaScript
 * every change is a page load and nothing here runs.
 *
 * The one mechanism for every multi-step flow and every filtered or growing list (see `useListFocus`).
 */
export function useFocusOnChange(key: string, target: FocusTarget): void {
  const previous = useRef(key);
  // `target` may be a new function each render: the key alone decides when the focus moves.
  useEffect(() => {
    if (previous.current === key) return;
    const before = previous.current;
    previous.current = key;
    if (document.activeElement?.closest(".alert-danger")) return;
    const element = typeof target === "function" ? target(before) : target.current;
    element?.focus();
  }, [key, target]);
}

/** The attribute marking the list whose items `useListFocus` counts. */
export const FOCUS_LIST = { "data-focus-list": "" } as const;

/**
 * The focus of a list with a GET filter and a "Vedi altri" link (which asks for more items, keeping those shown):
 * after a new filter it goes to the list's status ("12 pagamenti", the empty text or the load failure), after
 * "Vedi altri" to the first item added (its first link or button). `section` holds both; the list carries
 * `{...FOCUS_LIST}`; `filter` is the filter's values as a string, `requested` the number of items asked for.
 */
export function useListFocus(
  section: RefObject<HTMLElement | null>,
  filter: string,
  requested: number,
): void {
  useFocusOnChange(JSON.stringify([filter, requested]), (previousKey) => {
    const root = section.current;
    if (!root) return null;
    const [previousFilter, previousCount] = JSON.parse(previousKey) as [string, number];
    if (previousFilter === filter && requested > previousCount) {
      const added = root.querySelectorAll<HTMLElement>("[data-focus-list] > li")[previousCount];
      const first = added ? getFocusable(added)[0] : undefined;
      if (first) return first;
    }
    const status = root.querySelector<HTMLElement>('[role="status"], [role="alert"]');
    if (status && !status.hasAttribute("tabindex")) status.setAttribute("tabindex", "-1");
    return status;
  });
}

/** Marks what a page wants focused when it is reached without a page load (a success's heading, a notice). */
export const PAGE_FOCUS = { "data-page-focus": "" } as const;

/**
 * Marks where a layout's pages are rendered (the personal area's sections under its heading with the citizen's
 * name): a page reached there is announced by its own first heading, not the layout's.
 */
export const PAGE_FOCUS_SCOPE = { "data-page-focus-scope": "" } as const;

/**
 * The focus on arriving at another page without a page load (issue #40: entering a flow from a link, an outcome or
 * a success page left it on `<body>`, or on the link of a header that stays): the page's `PAGE_FOCUS` element, else
 * the element the address's `#fragment` names, else the first heading in a layout's `PAGE_FOCUS_SCOPE`, else its
 * `<h1>`. The page's own choice wins: a focus it placed inside
 * `<main>` (a step's heading, an error summary) or an alert it focused (a delegation that ended) is kept. `pageKey`
 * is the path: a new query on the same page is the lists' business (`useListFocus`).
 */
export function usePageArrivalFocus(pageKey: string, hash: string): void {
  useFocusOnChange(pageKey, () => {
    const main = document.getElementById("main-container");
    if (!main) return null;
    const active = document.activeElement;
    if (active && active !== document.body && active.closest('#main-container, [role="alert"]')) return null;
    const fragment = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    const target =
      main.querySelector<HTMLElement>("[data-page-focus]") ??
      (fragment && main.contains(fragment) ? fragment : null) ??
      main.querySelector<HTMLElement>("[data-page-focus-scope] :is(h1, h2, h3)") ??
      main.querySelector<HTMLElement>("h1") ??
      main;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    return target;
  });
}
