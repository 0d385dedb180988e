import { useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { eagerIconSymbols } from "../eager-icon-symbols.ts";
import { cx } from "./class-names.ts";

/** Every bootstrap-italia symbol is drawn on a 24 × 24 grid. */
const ICON_VIEW_BOX = "0 0 24 24";

export type IconProps = {
  /** A symbol of the bootstrap-italia sprite, e.g. `it-search`. */
  name: `it-${string}`;
  className?: string;
  /** Gives the icon an accessible name; without it the icon is decorative and hidden from assistive technology. */
  title?: string;
};

// The server (and development, and the tests) draws every icon inline from the symbols. The production browser
// bundle leaves the symbols out (~8 kB compressed, the first visit's budget): hydration keeps the shapes the server
// drew (React does not compare `dangerouslySetInnerHTML` while hydrating) and remembers them, so an icon the page
// already shows is drawn again at once (the header's toggles turn from links into buttons once hydrated); only an
// icon the page never showed (a page reached by client navigation) loads the symbols, once, then draws itself.
let symbols = eagerIconSymbols;
/** The shapes of the icons hydrated in this document, by name. */
const drawn = new Map<string, string>();
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function loadSymbols() {
  loading ??= import("../icon-symbols.ts").then((module) => {
    symbols = module.iconSymbols;
    for (const listener of listeners) listener();
  });
}

export function Icon({ name, className, title }: IconProps) {
  const ref = useRef<SVGSVGElement>(null);
  const snapshot = () => symbols?.get(name) ?? drawn.get(name);
  const shapes = useSyncExternalStore(subscribe, snapshot, snapshot);
  useLayoutEffect(() => {
    if (symbols || !ref.current) return;
    // An icon the server drew has its shapes already; an empty one was created here and has none to draw.
    if (ref.current.hasChildNodes()) drawn.set(name, ref.current.innerHTML);
    else loadSymbols();
  }, [name]);
  return (
    <svg
      ref={ref}
      className={cx("icon", className)}
      viewBox={ICON_VIEW_BOX}
      {...(title ? { role: "img", "aria-label": title } : { "aria-hidden": true })}
      dangerouslySetInnerHTML={{ __html: shapes ?? "" }}
    />
  );
}
