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
// drew (React does not compare `dangerouslySetInnerHTML` while hydrating) and remembers them, so that another icon of
// the same name is drawn at once; only an icon the page never showed (a page reached by client navigation) loads the
// symbols, once, then draws itself.
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
  // The name whose shapes the server drew and the element still holds. While it does, the icon asks for nothing: its
  // answer stays the one of hydration, and React neither renders it again right after hydration (a synchronous
  // re-render of every icon, in the page load's longest task) nor writes the same shapes again (issue #40).
  const serverDrawn = useRef<string | null>(null);
  const snapshot = () => symbols?.get(name) ?? (serverDrawn.current === name ? undefined : drawn.get(name));
  const shapes = useSyncExternalStore(subscribe, snapshot, snapshot);
  const mounted = useRef(false);
  useLayoutEffect(() => {
    const element = ref.current;
    const hydrating = !mounted.current;
    mounted.current = true;
    if (symbols || !element) return;
    if (hydrating && shapes === undefined && element.hasChildNodes()) {
      serverDrawn.current = name;
      drawn.set(name, element.innerHTML);
      return;
    }
    if (serverDrawn.current !== name) serverDrawn.current = null;
    // A name whose shapes nobody drew yet: whatever the element held goes, the symbols come.
    if (shapes === undefined && serverDrawn.current === null) {
      element.replaceChildren();
      loadSymbols();
    }
  }, [name, shapes]);
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
