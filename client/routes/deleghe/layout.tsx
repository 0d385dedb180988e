import { Link, NavLink, Outlet } from "react-router";
import { requireAsset } from "#client/lib/require-asset.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { routeHandle } from "#client/lib/titles.ts";
import { delegheIt } from "#client/features/deleghe/texts.ts";

export const middleware = [requireAsset("DELEGHE")];

export const handle = routeHandle("deleghe.title", delegheIt);

const LISTS = [
  { to: href("/area-personale/deleghe/delegati"), label: "deleghe.list.delegati", index: true },
  { to: href("/area-personale/deleghe/deleganti"), label: "deleghe.list.deleganti" },
  { to: href("/area-personale/deleghe/richieste"), label: "deleghe.list.richieste" },
] as const;

/** "Deleghe" of the personal area: the three lists (links, each its own address) and "Nuova delega". */
export default function DelegheLayout() {
  const t = useT(delegheIt);
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-3 mb-3">
        <nav aria-label={t("deleghe.tabsLabel")}>
          <ul className="nav nav-pills flex-wrap gap-1">
            {LISTS.map((list) => (
              <li className="nav-item" key={list.to}>
                <NavLink
                  to={list.to}
                  className={({ isActive }) => (isActive ? "nav-link active" : "nav-link")}
                >
                  {t(list.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link className="btn btn-primary" to={href("/area-personale/deleghe/nuova")}>
          {t("deleghe.new")}
        </Link>
      </div>
      <Outlet />
    </>
  );
}
