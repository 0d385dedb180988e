import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Footer } from "./footer.tsx";
import type { FooterView } from "./shell-view.ts";

/**
 * The footer's data, given by the server's entry (entry.server.tsx) around the document it renders: `undefined` in
 * the browser, where nothing provides it.
 */
export const ServerFooterContext = createContext<{ footer: FooterView | null } | undefined>(undefined);

/** During hydration: keep whatever the server rendered inside the element (React does not hydrate its children). */
const KEEP_SERVER_HTML = { __html: "" };
/** The server's footer markup, read once hydrated: a footer mounted again later (e.g. by an error page) shows it. */
let serverFooterHtml: { __html: string } | undefined;

function followPortalLink(event: MouseEvent, navigate: ReturnType<typeof useNavigate>) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  // The links that were React Router `Link`s on the server (portal paths) carry `data-discover`.
  const link = event.target instanceof Element ? event.target.closest("a[data-discover]") : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self")) return;
  if (link.hasAttribute("download")) return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  void navigate(url.pathname + url.search + url.hash);
}

/**
 * The footer, rendered on the server only. It shows the municipality configuration (menus, contacts, socials) and
 * never changes while a page is open, so its data stays out of the hydration data: in the browser the element keeps
 * the server's markup (a `dangerouslySetInnerHTML` element's children are not hydrated), and its portal links still
 * navigate client-side. The configuration is refreshed on the next full page load.
 */
export function FooterIsland() {
  const server = useContext(ServerFooterContext);
  const navigate = useNavigate();
  const [html] = useState(() => serverFooterHtml ?? KEEP_SERVER_HTML);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.innerHTML) serverFooterHtml ??= { __html: element.innerHTML };
    const onClick = (event: MouseEvent) => followPortalLink(event, navigate);
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [navigate]);
  if (server)
    return server.footer ? <Footer {...server.footer} /> : <footer className="it-footer" id="footer" />;
  return (
    <footer
      ref={ref}
      className="it-footer"
      id="footer"
      dangerouslySetInnerHTML={html}
      suppressHydrationWarning
    />
  );
}
