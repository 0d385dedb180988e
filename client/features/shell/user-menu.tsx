import { useEffect, useRef, type RefObject } from "react";
import { Link } from "react-router";
import type { Utente } from "#shared/api/user.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { useOptionalRootData } from "#client/lib/root-data.ts";

export const userMenuLinks = {
  personalArea: href("/area-personale"),
  profile: href("/area-personale/profilo-utente"),
  logout: href("/logout"),
} as const;

/**
 * The logged-in user's dropdown. It is a native `<details>` disclosure, so it opens with the keyboard and without
 * JavaScript; once hydrated it also closes on Escape (focus back on the summary), on a click elsewhere and after
 * choosing an entry.
 */
export function UserMenu({ user }: { user: Pick<Utente, "nome" | "cognome"> }) {
  const t = useT();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  useCloseDetails(detailsRef, summaryRef);
  const fullName = `${user.nome} ${user.cognome}`;
  const close = () => detailsRef.current?.removeAttribute("open");
  // Unread messages (root data; null when unknown or the municipality has no NOTIFICATIONS).
  const unread = useOptionalRootData()?.user?.unreadMessages ?? null;

  return (
    <details ref={detailsRef} className="it-user-wrapper nav-item dropdown">
      <summary ref={summaryRef} className="btn btn-primary btn-icon btn-full">
        <span className="rounded-icon" aria-hidden="true">
          <Icon name="it-user" className="icon-primary" />
        </span>
        <span className="d-none d-lg-block">{fullName}</span>
        <span className="visually-hidden d-lg-none">{fullName}</span>
        {unread ? (
          <>
            <span className="badge rounded-pill bg-danger ms-1" aria-hidden="true">
              {unread}
            </span>
            <span className="visually-hidden">{`, ${t("common.unread", { count: unread })}`}</span>
          </>
        ) : null}
        <Icon name="it-expand" className="icon-white d-none d-lg-block" />
      </summary>
      <div className="dropdown-menu dropdown-menu-end">
        <div className="link-list-wrapper">
          <ul className="link-list">
            <li>
              <Link className="dropdown-item list-item" to={userMenuLinks.personalArea} onClick={close}>
                <span>{t("header.personalArea")}</span>
                {unread ? (
                  <>
                    {/* text-white: the kit colours every span of the menu's links blue (1.1:1 on the red). */}
                    <span className="badge rounded-pill bg-danger text-white ms-2" aria-hidden="true">
                      {unread}
                    </span>
                    <span className="visually-hidden">{` (${t("common.unread", { count: unread })})`}</span>
                  </>
                ) : null}
              </Link>
            </li>
            <li>
              <Link className="dropdown-item list-item" to={userMenuLinks.profile} onClick={close}>
                <span>{t("header.profile")}</span>
              </Link>
            </li>
            <li>
              <span className="divider" />
            </li>
            <li>
              <a className="dropdown-item list-item" href={userMenuLinks.logout}>
                <Icon name="it-logout" className="icon-sm icon-primary me-2" />
                <span>{t("header.logout")}</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
    </details>
  );
}

/** Escape (focus back on the summary) and a press outside close an open `<details>`; it reads the DOM, not state. */
function useCloseDetails(
  detailsRef: RefObject<HTMLDetailsElement | null>,
  summaryRef: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const details = detailsRef.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      summaryRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const details = detailsRef.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target))
        details.open = false;
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [detailsRef, summaryRef]);
}
