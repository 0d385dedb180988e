import type { KeyboardEvent, MouseEvent, ReactNode, Ref } from "react";

type LinkButtonProps = {
  /** False on the server and while hydrating (`useHydrated`): a plain link, what works without JavaScript. */
  hydrated: boolean;
  /** Where the link goes without JavaScript. */
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
export function LinkButton(props: LinkButtonProps) {
  const { hydrated, href, onPress, className, innerRef, children } = props;
  if (!hydrated)
    return (
      <a ref={innerRef} className={className} href={href}>
        {children}
      </a>
    );
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onPress();
  };
  const keyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== " ") return;
    event.preventDefault();
    onPress();
  };
  return (
    <a
      ref={innerRef}
      className={className}
      href={href}
      role="button"
      aria-expanded={props.ariaExpanded}
      aria-controls={props.ariaControls}
      aria-haspopup={props.ariaHaspopup}
      onClick={click}
      onKeyDown={keyDown}
    >
      {children}
    </a>
  );
}
