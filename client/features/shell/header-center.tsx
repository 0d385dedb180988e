import type { ComuneConfig } from "#shared/api/tenant-config.ts";
import { SOCIAL_ISLAND, type HeaderView } from "#client/lib/shell-view.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { useContentLang, useT } from "#client/i18n/i18n-context.tsx";
import { ServerIsland } from "#client/components/server-island/server-island.tsx";
import { SiteSearch } from "./site-search.tsx";
import { SocialLinks } from "./social-links.tsx";

export type HeaderCenterProps = {
  comune: Pick<ComuneConfig, "nome" | "cms" | "urlRicerca">;
  /** `null` in a document: the channels are rendered on the server only (see root-loader.server.ts). */
  social: HeaderView["social"] | null;
  homeHref: string;
  logoSrc?: string;
};

export function HeaderCenter({ comune, social, homeHref, logoSrc }: HeaderCenterProps) {
  const t = useT();
  const lang = useContentLang();
  const searchAction = comune.cms ? comune.urlRicerca : null;
  return (
    <div className="it-header-center-wrapper">
      <div className="container">
        <div className="row">
          <div className="col-12">
            <div className="it-header-center-content-wrapper">
              <div className="it-brand-wrapper">
                <a href={homeHref}>
                  {logoSrc ? <img className="icon" src={logoSrc} alt="" /> : <Icon name="it-pa" />}
                  <div className="it-brand-text">
                    <div className="it-brand-title" lang={lang}>
                      {comune.nome}
                    </div>
                    <div className="it-brand-tagline d-none d-md-block">{t("header.tagline")}</div>
                  </div>
                </a>
              </div>
              <div className="it-right-zone">
                {social?.channels.length === 0 ? null : (
                  <ServerIsland
                    name={SOCIAL_ISLAND}
                    value={social}
                    className="it-socials d-none d-lg-flex"
                    render={({ channels }) => (
                      <>
                        <span>{t("social.followUs")}</span>
                        <SocialLinks channels={channels} className="list-unstyled d-flex mb-0" />
                      </>
                    )}
                  />
                )}
                {searchAction ? <SiteSearch action={searchAction} /> : null}
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
