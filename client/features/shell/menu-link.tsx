import type { ReactNode } from "react";
import type { MenuItem } from "#shared/api/tenant-config.ts";

/** True for addresses that leave the portal (another scheme or host). */
export function isExternalUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url);
}

type MenuLinkProps = {
  item: Pick<MenuItem, "title" | "url" | "dataElement">;
  className?: string;
  current?: boolean;
  children?: ReactNode;
};

/** A configured menu entry as a real `<a href>`, carrying the entry's `data-element` (read by the AGID checker). */
export function MenuLink({ item, className, current, children }: MenuLinkProps) {
  return (
    <a
      className={className}
      href={item.url || "/"}
      data-element={item.dataElement || undefined}
      rel={isExternalUrl(item.url) ? "noopener" : undefined}
      aria-current={current ? "page" : undefined}
    >
      {children ?? item.title}
    </a>
  );
}
