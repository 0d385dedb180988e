import { useCallback, useRef, useState, type SyntheticEvent } from "react";
import type { Utente } from "#shared/api/user.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { useDismiss } from "#client/components/ui/use-dismiss.ts";
import { useT } from "#client/i18n/i18n-context.tsx";

export const userMenuLinks = {
  personalArea: "/area-personale",
  profile: "/area-personale/profilo-utente/",
  logout: "/logout",
} as const;

/**
 * The logged-in user's dropdown. It is a native `<details>` disclosure, so it opens with the keyboard and without
 * JavaScript; once hydrated, React mirrors its state to close it on Escape (focus back on the summary) and on a
 * click elsewhere.
 */
export function UserMenu({ user }: { user: Pick<Utente, "nome" | "cognome"> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, detailsRef, summaryRef);
  const fullName = `${user.nome} ${user.cognome}`;
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open);

  return (
    <details ref={detailsRef} className="it-user-wrapper nav-item dropdown" open={open} onToggle={onToggle}>
      <summary ref={summaryRef} className="btn btn-primary btn-icon btn-full">
        <span className="rounded-icon" aria-hidden="true">
          <Icon name="it-user" className="icon-primary" />
        </span>
        <span className="d-none d-lg-block">{fullName}</span>
        <span className="visually-hidden d-lg-none">{fullName}</span>
        <Icon name="it-expand" className="icon-white d-none d-lg-block" />
      </summary>
      <div className="dropdown-menu dropdown-menu-end">
        <div className="link-list-wrapper">
          <ul className="link-list">
            <UserMenuItem href={userMenuLinks.personalArea} label={t("header.personalArea")} />
            <UserMenuItem href={userMenuLinks.profile} label={t("header.profile")} />
            <li>
              <span className="divider" />
            </li>
            <UserMenuItem href={userMenuLinks.logout} label={t("header.logout")} icon="it-logout" />
          </ul>
        </div>
      </div>
    </details>
  );
}

function UserMenuItem({ href, label, icon }: { href: string; label: string; icon?: `it-${string}` }) {
  return (
    <li>
      <a className="dropdown-item list-item" href={href}>
        {icon ? <Icon name={icon} className="icon-sm icon-primary me-2" /> : null}
        <span>{label}</span>
      </a>
    </li>
  );
}
