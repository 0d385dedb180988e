import type { ComuneConfig } from "#shared/api/tenant-config.ts";
import type { Utente } from "#shared/api/user.ts";
import type { PublicEnv } from "#config/public.ts";
import { HeaderCenter } from "./header-center.tsx";
import { HeaderNavbar } from "./header-navbar.tsx";
import { HeaderSlim } from "./header-slim.tsx";
import { href } from "#client/lib/links.ts";
import type { HeaderView } from "#client/lib/shell-view.ts";

export type HeaderProps = {
  comune: Pick<ComuneConfig, "nome" | "regione" | "cms" | "urlRicerca">;
  menu: HeaderView["menu"];
  social: HeaderView["social"] | null;
  user: Utente | null;
  /** `/api/utenti/login?redirector=<encoded current path>`. */
  loginHref: string;
  /** Development only: show the anonymous header although the user is known. */
  devLoggedOut?: boolean;
  env: PublicEnv;
  /** Sent with the development login toggle form. */
  xsrfToken?: string;
  /** Where the municipality name links to; default the portal home. */
  homeHref?: string;
  logoSrc?: string;
  /** Hides the navigation bar (main and topics menus), for pages whose route asks for it (`handle.hideMenu`). */
  hideNavigation?: boolean;
};

/** The bootstrap-italia / Modello Comuni header: slim bar, brand with search and socials, navigation bar. */
export function Header(props: HeaderProps) {
  const {
    comune,
    menu,
    social,
    env,
    homeHref = href("/"),
    logoSrc,
    xsrfToken,
    hideNavigation = false,
    ...login
  } = props;
  return (
    <header className="it-header-wrapper">
      <HeaderSlim regione={comune.regione} devTools={env.devTools} xsrfToken={xsrfToken} {...login} />
      <div className="it-nav-wrapper">
        <HeaderCenter comune={comune} social={social} homeHref={homeHref} logoSrc={logoSrc} />
        {hideNavigation ? null : <HeaderNavbar menu={menu} />}
      </div>
    </header>
  );
}
