import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type Ref,
} from "react";
import { useLocation } from "react-router";
import type { HeaderView, NavItem } from "#client/lib/shell-view.ts";
import { cx } from "#client/components/ui/class-names.ts";
import { trapTabKey } from "#client/components/ui/focus.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { LinkButton } from "#client/components/ui/link-button.tsx";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { MenuLink } from "./menu-link.tsx";

const panelId = "menu-principale";

/**
 * The blue navigation bar: the main menu (`data-element="main-navigation"`) and the topics menu from the tenant
 * configuration. On small screens the menus sit in bootstrap-italia's off-canvas panel, opened by the
 * `custom-navbar-toggler`; before hydration toggler and close control are `#` links and the panel opens via `:target`.
 */
export function HeaderNavbar({ menu }: { menu: HeaderView["menu"] }) {
  const t = useT();
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const togglerRef = useRef<HTMLAnchorElement>(null);
  const closeRef = useRef<HTMLAnchorElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    togglerRef.current?.focus();
  }, []);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === "Escape") close();
    else if (panelRef.current) trapTabKey(event, panelRef.current);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest("a")) setOpen(false);
  };

  return (
    <div className="it-header-navbar-wrapper">
      <div className="container">
        <div className="row">
          <div className="col-12">
            <nav className="navbar navbar-expand-lg has-megamenu" aria-label={t("nav.site")}>
              <Toggle
                innerRef={togglerRef}
                className="custom-navbar-toggler"
                href={`#${panelId}`}
                onClick={() => setOpen(true)}
                ariaExpanded={open}
                label={t("nav.open")}
                icon="it-burger"
              />
              <div
                ref={panelRef}
                id={panelId}
                className={cx("navbar-collapsable", open && "expanded")}
                data-js={hydrated ? "" : undefined}
                onKeyDown={onKeyDown}
                onClick={onClick}
              >
                <div className="overlay" onClick={close} />
                <div className="close-div">
                  <Toggle
                    innerRef={closeRef}
                    className="btn close-menu"
                    href="#"
                    onClick={close}
                    label={t("nav.close")}
                    icon="it-close-big"
                  />
                </div>
                <div className="menu-wrapper">
                  <MenuList
                    label={t("nav.main")}
                    items={menu.main}
                    pathname={pathname}
                    dataElement="main-navigation"
                  />
                  {menu.topics.length > 0 ? (
                    <MenuList label={t("nav.topics")} items={menu.topics} pathname={pathname} secondary />
                  ) : null}
                </div>
              </div>
            </nav>
          </div>
        </div>
      </div>
    </div>
  );
}

type MenuListProps = {
  label: string;
  items: NavItem[];
  pathname: string;
  dataElement?: string;
  secondary?: boolean;
};

function MenuList({ label, items, pathname, dataElement, secondary }: MenuListProps) {
  return (
    <nav aria-label={label}>
      <ul className={cx("navbar-nav", secondary && "navbar-secondary")} data-element={dataElement}>
        {items.map((item) => (
          <li key={`${item.url}|${item.title}`} className="nav-item">
            <MenuLink
              item={item}
              className={cx("nav-link", item.url === pathname && "active")}
              current={item.url === pathname}
            >
              {item.dataElement === "all-topics" ? <span className="fw-bold">{item.title}</span> : item.title}
            </MenuLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type ToggleProps = {
  innerRef: Ref<HTMLAnchorElement>;
  className: string;
  href: string;
  onClick: () => void;
  label: string;
  icon: `it-${string}`;
  ariaExpanded?: boolean;
};

/** A same-page link before hydration (the `:target` fallback opens or closes the panel), a button after. */
function Toggle({ innerRef, className, href, onClick, label, icon, ariaExpanded }: ToggleProps) {
  return (
    <LinkButton
      innerRef={innerRef}
      className={className}
      href={href}
      onPress={onClick}
      ariaExpanded={ariaExpanded}
      ariaControls={ariaExpanded === undefined ? undefined : panelId}
    >
      <Icon name={icon} />
      <span className="visually-hidden">{label}</span>
    </LinkButton>
  );
}
