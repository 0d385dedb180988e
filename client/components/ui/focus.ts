import type { KeyboardEvent as ReactKeyboardEvent } from "react";

const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The keyboard-focusable elements inside `root`, in document order (hidden ones excluded). */
export function getFocusable(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (el) => el.getClientRects().length > 0,
  );
}

/** Keeps Tab and Shift+Tab cycling inside `root` (a "trap-lite": it only wraps at the two ends). */
export function trapTabKey(event: KeyboardEvent | ReactKeyboardEvent, root: HTMLElement): void {
  if (event.key !== "Tab") return;
  const items = getFocusable(root);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const active = root.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || active === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
