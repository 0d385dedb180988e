import { useEffect, useRef, type RefObject } from "react";

/**
 * Moves the focus to `ref` whenever `key` changes after the first render (a new step shown without a page load),
 * unless an error summary of the new step has just taken it (it focuses itself and must keep it).
 */
export function useFocusOnChange(key: string, ref: RefObject<HTMLElement | null>): void {
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    if (document.activeElement?.closest(".alert-danger")) return;
    ref.current?.focus();
  }, [key, ref]);
}
