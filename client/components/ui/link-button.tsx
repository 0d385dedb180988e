import type { KeyboardEvent, MouseEvent, ReactNode, Ref } from "react";
import { useHydrated } from "./use-hydrated.tsx";

type LinkButtonProps = {
  /** Where the link goes without JavaScript (and before hydration). */
  href: string;
  /** Once hydrated, what a click, Enter or Space does instead of following the link. */
  onPress: () => void;
  className?: string;
  innerRef?: Ref<HTMLAnchorElement>;
  /** Once hydrated: the button's state and what it opens. */
  ariaExpanded?: boolean;
  ariaControls?: string;
  ariaHaspopup?: "dialog";
  children: ReactNode;
};

/**
 * A control that is a link without JavaScript and a button once hydrated, kept as one `<a>` element throughout:
 * hydration only adds the button's role, state and handlers. Rendering an `<a>` first and a `<button>` after would
 * replace the element, and a press begun before that (a slow phone, a tap while the scripts load) gets no click:
 * Chromium sends none when the element pressed is gone at release (the same cause as the icons' flake, issue #39).
 * Space presses it as it would a button.
 */
export function LinkButton({ href, onPress, className, innerRef, children, ...aria }: LinkButtonProps) {
  const hydrated = useHydrated();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onPress();
  };
  const keyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== " ") return;
    event.preventDefault();
    onPress();
  };
  const button = hydrated
    ? {
        role: "button",
        "aria-expanded": aria.ariaExpanded,
        "aria-controls": aria.ariaControls,
        "aria-haspopup": aria.ariaHaspopup,
        onClick: click,
        onKeyDown: keyDown,
      }
    : {};
  return (
    <a ref={innerRef} className={className} href={href} {...button}>
      {children}
    </a>
  );
}
