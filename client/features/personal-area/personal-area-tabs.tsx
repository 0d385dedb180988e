import { NavLink } from "react-router";
import { Icon } from "#client/components/ui/icon.tsx";
import { useT, type TextKey } from "#client/i18n/i18n-context.tsx";
import { personalAreaIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";
import "./personal-area.css";

export type PersonalAreaTab = "desk" | "messages" | "activities" | "documents" | "deleghe" | "services";

const TABS: Record<
  PersonalAreaTab,
  { to: string; label: TextKey<typeof personalAreaIt>; icon: `it-${string}`; end?: boolean }
> = {
  desk: { to: href("/area-personale"), label: "personalArea.tab.desk", icon: "it-pa", end: true },
  messages: { to: href("/area-personale/messaggi"), label: "personalArea.tab.messages", icon: "it-mail" },
  activities: {
    to: href("/area-personale/attivita"),
    label: "personalArea.tab.activities",
    icon: "it-files",
  },
  documents: {
    to: href("/area-personale/documenti"),
    label: "personalArea.tab.documents",
    icon: "it-folder",
  },
  deleghe: {
    to: href("/area-personale/deleghe"),
    label: "personalArea.tab.deleghe",
    icon: "it-user",
  },
  services: {
    to: href("/area-personale/servizi"),
    label: "personalArea.tab.services",
    icon: "it-settings",
  },
};

/**
 * The personal area's sections (Modello Comuni `cmp-nav-tab`: Scrivania, Messaggi, Attività, Servizi, plus
 * Documenti where the municipality has them). They are links to pages, not ARIA tabs: each section has its own
 * address, works without JavaScript and is marked `aria-current="page"` when open.
 */
export function PersonalAreaTabs({ tabs, unread }: { tabs: PersonalAreaTab[]; unread: number | null }) {
  const t = useT(personalAreaIt);
  return (
    <nav aria-label={t("personalArea.tabsLabel")} className="personal-area-tabs mb-4">
      <ul className="nav nav-tabs nav-tabs-icon-text flex-wrap flex-lg-nowrap">
        {tabs.map((tab) => {
          const { to, label, icon, end } = TABS[tab];
          return (
            <li className="nav-item" key={tab}>
              <NavLink
                to={to}
                end={end}
                prefetch="intent"
                className={({ isActive }) => (isActive ? "nav-link active" : "nav-link")}
              >
                <Icon name={icon} className="icon-primary me-2" />
                <span>{t(label)}</span>
                {tab === "messages" && unread ? (
                  <>
                    <span className="badge rounded-pill bg-danger ms-2" aria-hidden="true">
                      {unread}
                    </span>
                    <span className="visually-hidden"> ({t("common.unread", { count: unread })})</span>
                  </>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
