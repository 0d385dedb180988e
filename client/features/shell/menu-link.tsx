import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MenuItem } from "#shared/api/tenant-config.ts";
import { useContentLang } from "#client/i18n/i18n-context.tsx";

type MenuLinkProps = {
  item: Pick<MenuItem, "title" | "url" | "dataElement">;
  className?: string;
  current?: boolean;
  children?: ReactNode;
};

/**
 * A configured menu entry as a real `<a href>` carrying the entry's `data-element` (read by the AGID checker).
 * Portal paths navigate client-side (React Router `Link`); other addresses are plain links in the same window (no
 * `rel="noopener"`: it only matters for `target="_blank"`). Its title is the municipality's (Italian on any page).
 */
export function MenuLink({ item, className, current, children }: MenuLinkProps) {
  const common = {
    className,
    lang: useContentLang(),
    "data-element": item.dataElement || undefined,
    "aria-current": current ? ("page" as const) : undefined,
  };
  if (item.url.startsWith("/") && !item.url.startsWith("//")) {
    return (
      <Link to={item.url} {...common}>
        {children ?? item.title}
      </Link>
    );
  }
  return (
    <a href={item.url || "/"} {...common}>
      {children ?? item.title}
    </a>
  );
}
