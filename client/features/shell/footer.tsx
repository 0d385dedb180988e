import type { ComuneConfig, Contatti, MenuFooter, MenuItem } from "#shared/api/tenant-config.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { ContentText, useContentLang, useT } from "#client/i18n/i18n-context.tsx";
import euFlagUrl from "./eu-flag.svg?url";
import { FooterLinkList, FooterMenuBlocks, hasTarget } from "./footer-menu-blocks.tsx";
import { MenuLink } from "./menu-link.tsx";
import { SocialLinks } from "./social-links.tsx";
import { href } from "#client/lib/links.ts";
import type { OwnFooterLinks } from "#client/lib/shell-view.ts";

export type FooterProps = {
  comune: Pick<ComuneConfig, "nome">;
  menuFooter: MenuFooter;
  contatti: Contatti;
  /** Where the municipality name links to; default the portal home. */
  homeHref?: string;
  logoSrc?: string;
  /**
   * The upstream sends no footer menus (the published BFF routes no `menufooter`): the portal's own links, as the
   * original front end had them, for the services this municipality offers (shell-view.ts).
   */
  ownLinks?: OwnFooterLinks | null;
};

const item = (title: string, url: string, dataElement?: string): MenuItem => ({
  title,
  url,
  ...(dataElement ? { dataElement } : {}),
  children: [],
});

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
export function FooterContent({
  comune,
  menuFooter: configured,
  contatti,
  homeHref = href("/"),
  logoSrc,
  ownLinks,
}: FooterProps) {
  const t = useT();
  const menuFooter = ownLinks ? ownMenuFooter(configured, ownLinks, t) : configured;
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
                      <h2>
                        <ContentText>{comune.nome}</ContentText>
                      </h2>
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

/** The portal's own footer links, for an upstream that sends no footer menus (shell-view.ts's `ownLinks`). */
function ownMenuFooter(
  configured: MenuFooter,
  ownLinks: OwnFooterLinks,
  t: ReturnType<typeof useT>,
): MenuFooter {
  return {
    ...configured,
    contacts: [
      item(t("footer.own.faq"), href("/faq"), "faq"),
      ...(ownLinks.assistance ? [item(t("footer.own.assistance"), href("/nuova-richiesta"))] : []),
      ...(ownLinks.booking
        ? [item(t("footer.own.booking"), href("/servizi/prenotazione-appuntamento"), "appointment-booking")]
        : []),
      ...(ownLinks.report
        ? [
            item(
              t("footer.own.report"),
              ownLinks.report === "portal" ? href("/servizi/segnalazioni/nuova") : ownLinks.report,
              "report-inefficiency",
            ),
          ]
        : []),
    ],
    smallPrint: [
      item(t("footer.own.privacy"), href("/privacy"), "privacy-policy-link"),
      item(t("footer.own.legalNotes"), href("/note-legali"), "legal-notes"),
      ...(ownLinks.accessibility
        ? [item(t("footer.own.accessibility"), ownLinks.accessibility, "accessibility-link")]
        : []),
    ],
  };
}

function FooterContacts({ contatti, menuFooter }: Pick<FooterProps, "contatti" | "menuFooter">) {
  const t = useT();
  const lang = useContentLang();
  const { block, social } = contatti;
  return (
    <section className="py-4 border-white border-top">
      <div className="row">
        <div className="col-lg-4 col-md-4 pb-2">
          {/* No contacts block from the upstream (the published BFF has none): no heading over nothing. */}
          {block.body || block.title ? (
            <h3 className="h4" lang={block.title ? lang : undefined}>
              {block.title || t("footer.contacts")}
            </h3>
          ) : null}
          {/* The body is HTML from the tenant configuration, sanitised on the server (sanitize-html) before it reaches any page. */}
          {block.body ? <div lang={lang} dangerouslySetInnerHTML={{ __html: block.body }} /> : null}
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
