import { useEffect, type RefObject } from "react";

/**
 * While `active`, calls `onDismiss` on Escape anywhere and on a pointer press outside `ref`.
 * Escape also moves the focus back to `returnFocusRef` (the control that opened the popup).
 */
export function useDismiss(
  active: boolean,
  onDismiss: () => void,
  ref: RefObject<HTMLElement | null>,
  returnFocusRef?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onDismiss();
      returnFocusRef?.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) onDismiss();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [active, onDismiss, ref, returnFocusRef]);
}
