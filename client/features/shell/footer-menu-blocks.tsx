import type { MenuItem } from "#shared/api/tenant-config.ts";
import { useContentLang } from "#client/i18n/i18n-context.tsx";
import { MenuLink } from "./menu-link.tsx";

/** True when the entry points somewhere (the upstream defaults a missing address to `#`). */
export function hasTarget(item: Pick<MenuItem, "url">): boolean {
  return Boolean(item.url) && item.url !== "#";
}

/** The footer's main menu: at most four column blocks, each a heading (linked when it has an address) and its links. */
export function FooterMenuBlocks({ items }: { items: MenuItem[] }) {
  const lang = useContentLang();
  const blocks = items.slice(0, 4);
  if (blocks.length === 0) return null;
  return (
    <section>
      <div className="row">
        {blocks.map((block) => (
          <div key={`${block.url}|${block.title}`} className="col-lg-3 col-md-3 col-sm-6 pb-2">
            <h3 className="h4">
              {hasTarget(block) ? <MenuLink item={block} /> : <span lang={lang}>{block.title}</span>}
            </h3>
            {block.children.length > 0 ? (
              <div className="link-list-wrapper">
                <ul className="link-list clearfix">
                  {block.children.map((child) => (
                    <li key={`${child.url}|${child.title}`}>
                      <MenuLink item={child} className="list-item" />
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
}

/** A flat list of links: each entry with an address, followed by its children. */
export function FooterLinkList({ items, className }: { items: MenuItem[]; className?: string }) {
  const links = items.flatMap((item) => [item, ...item.children]).filter(hasTarget);
  if (links.length === 0) return null;
  return (
    <div className="link-list-wrapper">
      <ul className={className ?? "link-list"}>
        {links.map((item) => (
          <li key={`${item.url}|${item.title}`}>
            <MenuLink item={item} className="list-item" />
          </li>
        ))}
      </ul>
    </div>
  );
}
