import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
} from "react";
import { useNavigate } from "react-router";
import { useLocale, type Locale } from "#client/i18n/i18n-context.tsx";

/**
 * The islands of the document being rendered on the server (`documentIslands`, server-island.server.ts), given by the
 * server's entry (entry.server.tsx) around the document: the values the loaders kept (`keepForDocument`), and the
 * markup of a kept value in a language, rendered once per value (island-markup.server.tsx, server-only like React's
 * server renderer it uses). `undefined` in the browser, where nothing provides it.
 */
export type IslandDocument = {
  kept: ReadonlyMap<string, unknown>;
  markup(name: string, value: unknown, locale: Locale, content: () => ReactNode): string;
};
export const ServerIslandContext = createContext<IslandDocument | undefined>(undefined);

/** During hydration: keep whatever the server rendered inside the element (React does not hydrate its children). */
const KEEP_SERVER_HTML = { __html: "" };
/** Each island's server markup, read once hydrated: the same island mounted again later (e.g. by an error page) shows it. */
const serverHtml = new Map<string, { __html: string }>();

type IslandTag = "div" | "footer" | "section" | "nav";

type ServerIslandProps<T> = Omit<HTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML"> & {
  /** The key the loader kept the value under (`keepForDocument(context, name, value)`). */
  name: string;
  /** The value when the browser has it (a client-side navigation's loader data); `null`/`undefined` in a document. */
  value: T | null | undefined;
  render: (value: T) => ReactNode;
  as?: IslandTag;
};

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
 * Markup rendered on the server only, whose data stays out of the hydration data (issue #13: every byte of loader
 * data travels twice, in the HTML and in the script that hydrates it). For parts of a page that show configuration
 * and never change while the page is open: the footer, the home page's list of services.
 *
 * - In a document, the loader keeps the value with `keepForDocument` and returns `null` in its place; the server
 *   writes the markup of `render(value)` inside the element (rendered once per value and language, so `render` must
 *   show its value and the language only: no location, no other context), and the browser hydrates the element with
 *   its server markup untouched (a `dangerouslySetInnerHTML` element's children are not hydrated). Portal links inside
 *   still navigate client-side.
 * - After a client-side navigation the loader returns the value (`isDocumentRequest` is false) and the island renders
 *   it like any component.
 */
export function ServerIsland<T>({ name, value, render, as = "div", ...attributes }: ServerIslandProps<T>) {
  const Tag = as;
  const server = useContext(ServerIslandContext);
  const locale = useLocale();
  const navigate = useNavigate();
  const [html] = useState(() => serverHtml.get(name) ?? KEEP_SERVER_HTML);
  const ref = useRef<HTMLElement>(null);
  const kept = value === null || value === undefined;
  useEffect(() => {
    const element = ref.current;
    if (!element || !kept) return;
    if (element.innerHTML && !serverHtml.has(name)) serverHtml.set(name, { __html: element.innerHTML });
    const onClick = (event: MouseEvent) => followPortalLink(event, navigate);
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [kept, name, navigate]);
  if (!kept) return <Tag {...attributes}>{render(value)}</Tag>;
  if (server) {
    const held = server.kept.get(name) as T | undefined;
    if (held === undefined) return <Tag {...attributes} />;
    const markup = server.markup(name, held, locale, () => render(held));
    return <Tag {...attributes} dangerouslySetInnerHTML={{ __html: markup }} />;
  }
  return (
    <Tag
      {...attributes}
      ref={ref as Ref<HTMLDivElement>}
      dangerouslySetInnerHTML={html}
      suppressHydrationWarning
    />
  );
}
