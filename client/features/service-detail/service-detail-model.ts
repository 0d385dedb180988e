import { findAsset, type TenantConfig } from "#shared/api/tenant-config.ts";
import { categorySlug } from "#shared/service-groups.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { moonAccessHref } from "#client/lib/upstream-links.ts";
import { faqAnswerHref } from "#client/lib/faq-links.ts";

/** Booking an appointment started from a service (the appointments flow prefilters the offices). */
export function bookingFromServiceHref(serviceId: string): string {
  return withQuery(href("/servizi/prenotazione-appuntamento-2"), { servizio: serviceId });
}

/** How a link leaves the page: a client-side portal route, a full page load on this host, or another site. */
export type LinkKind = "route" | "document" | "external";

export type ServiceLink = { href: string; kind: LinkKind };

export type ServiceDetailView = {
  id: string;
  nome: string;
  descrizione: string;
  /** Categories with the anchor of their group on the home page. */
  categorie: Array<{ nome: string; href: string }>;
  attivo: boolean;
  /** "Accedi al servizio": the online service, or null when there is none (or the service is not active). */
  access: ServiceLink | null;
  /** Booking from this service, when the municipality has appointments (APPSCHED) and the service is active. */
  bookingHref: string | null;
  /** When the municipality has delegations and the service may be used on someone's behalf. */
  delegation: { note: string | null } | null;
  /** The service page on the municipality's website (CMS), when configured. */
  linkScheda: string | null;
  contacts: {
    /** The municipality's contacts block (HTML sanitised by the server), or null when the configuration has none. */
    block: { title: string; body: string } | null;
    assistanceHref: string | null;
    faqHref: string | null;
  };
};

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

function linkOf(href: string): ServiceLink | null {
  if (href.startsWith("/") && !href.startsWith("//")) return { href, kind: "route" };
  if (isHttpUrl(href)) return { href, kind: "external" };
  return null;
}

/**
 * Joins a configured service (`servizi`) with its detail (`dettagli`, by `idServizio`) into what the service page
 * shows; null when the municipality has no such service. Nothing is invented: a section exists only when the
 * configuration has something for it.
 */
export function buildServiceDetail(
  config: TenantConfig,
  id: string,
  origin: string,
): ServiceDetailView | null {
  if (!SAFE_ID.test(id)) return null;
  const service = config.servizi.find((s) => s.id === id);
  if (!service) return null;
  const detail = config.dettagli.find((d) => d.idServizio === id);
  const self = href("/servizi/:id", { id });
  const has = (code: Parameters<typeof findAsset>[1]) => Boolean(findAsset(config, code));

  let access: ServiceLink | null = null;
  if (service.attivo) {
    if (detail?.moduloMoon && has("MOON")) {
      access = {
        href: moonAccessHref({
          moduloMoon: detail.moduloMoon,
          codiceEnte: config.comune.codiceEnte,
          backUrl: `${origin}${self}`,
        }),
        kind: "document",
      };
    } else if (service.linkServizio && service.linkServizio !== self) {
      access = linkOf(service.linkServizio);
    }
  }

  const block = config.contatti.block.body.trim() ? config.contatti.block : null;
  return {
    id,
    nome: service.nome,
    descrizione: service.descrizione,
    categorie: service.categorie.map((nome) => ({
      nome,
      href: withQuery(href("/"), {}, `categoria-${categorySlug(nome)}`),
    })),
    attivo: service.attivo,
    access,
    // With competent offices the booking starts from this service (office and reason chosen); otherwise the
    // general booking, never a page that would not know the service.
    bookingHref:
      service.attivo && has("APPSCHED")
        ? detail?.idSportello != null
          ? bookingFromServiceHref(id)
          : href("/servizi/prenotazione-appuntamento")
        : null,
    delegation: detail?.delegabile && has("DELEGHE") ? { note: detail.noteDelega ?? null } : null,
    linkScheda: service.linkScheda && isHttpUrl(service.linkScheda) ? service.linkScheda : null,
    contacts: {
      block: block ? { title: block.title, body: block.body } : null,
      assistanceHref: has("ASSISTENZA_CRM") ? href("/nuova-richiesta") : null,
      faqHref: detail?.idFaq ? faqAnswerHref({ id: detail.idFaq }) : null,
    },
  };
}
