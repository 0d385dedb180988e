import type { ComuneConfig, Contatti, MenuFooter } from "#shared/api/tenant-config.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import euFlagUrl from "./eu-flag.svg?url";
import { FooterLinkList, FooterMenuBlocks, hasTarget } from "./footer-menu-blocks.tsx";
import { MenuLink } from "./menu-link.tsx";
import { SocialLinks } from "./social-links.tsx";
import { href } from "#client/lib/links.ts";

export type FooterProps = {
  comune: Pick<ComuneConfig, "nome">;
  menuFooter: MenuFooter;
  contatti: Contatti;
  /** Where the municipality name links to; default the portal home. */
  homeHref?: string;
  logoSrc?: string;
};

/** The `<footer>` element's attributes: the page's `Footer`, and the island that keeps its server markup. */
export const FOOTER_ATTRIBUTES = { className: "it-footer", id: "footer" } as const;

/**
 * The Modello Comuni footer. Every link comes from the tenant configuration with its `data-element` (faq,
 * report-inefficiency, appointment-booking, privacy-policy-link, legal-notes, accessibility-link…), and the AGID
 * checker looks for them inside this `<footer>`.
 */
export function Footer(props: FooterProps) {
  return (
    <footer {...FOOTER_ATTRIBUTES}>
      <FooterContent {...props} />
    </footer>
  );
}

/** What is inside the `<footer>` (footer-island.tsx renders it on the server only). */
export function FooterContent({ comune, menuFooter, contatti, homeHref = href("/"), logoSrc }: FooterProps) {
  const t = useT();
  return (
    <>
      <div className="it-footer-main">
        <div className="container">
          <section>
            <div className="row clearfix">
              <div className="col-sm-12">
                <div className="it-brand-wrapper d-flex flex-wrap align-items-center gap-4">
                  <img src={euFlagUrl} alt={t("footer.euLogo")} width={84} height={56} loading="lazy" />
                  <a href={homeHref}>
                    {logoSrc ? <img className="icon" src={logoSrc} alt="" /> : <Icon name="it-pa" />}
                    <div className="it-brand-text">
                      <h2>{comune.nome}</h2>
                    </div>
                  </a>
                </div>
              </div>
            </div>
          </section>
          <FooterMenuBlocks items={menuFooter.main} />
          <FooterContacts contatti={contatti} menuFooter={menuFooter} />
        </div>
      </div>
      <div className="it-footer-small-prints clearfix">
        <div className="container">
          <h3 className="visually-hidden">{t("footer.smallPrints")}</h3>
          <ul className="it-footer-small-prints-list list-inline mb-0 d-flex flex-column flex-md-row">
            {menuFooter.smallPrint.filter(hasTarget).map((item) => (
              <li key={`${item.url}|${item.title}`} className="list-inline-item">
                <MenuLink item={item} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </>
  );
}

function FooterContacts({ contatti, menuFooter }: Pick<FooterProps, "contatti" | "menuFooter">) {
  const t = useT();
  const { block, social } = contatti;
  return (
    <section className="py-4 border-white border-top">
      <div className="row">
        <div className="col-lg-4 col-md-4 pb-2">
          <h3 className="h4">{block.title || t("footer.contacts")}</h3>
          {/* The body is HTML from the tenant configuration, sanitised on the server (sanitize-html) before it reaches any page. */}
          {block.body ? <div dangerouslySetInnerHTML={{ __html: block.body }} /> : null}
        </div>
        <div className="col-lg-4 col-md-4 pb-2">
          <FooterLinkList items={menuFooter.contacts} />
        </div>
        {social.channels.length > 0 ? (
          <div className="col-lg-4 col-md-4 pb-2">
            <h3 className="h4">{social.title || t("social.followUs")}</h3>
            <SocialLinks
              channels={social.channels}
              className="list-inline text-start"
              linkClassName="p-2 text-white"
              iconClassName="icon-sm icon-white align-top"
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
