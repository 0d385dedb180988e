import { configuredPortalPage } from "#client/lib/configured-links.ts";
import { findAsset, type ServiceSheet, type TenantConfig } from "#shared/api/tenant-config.ts";
import { categorySlug } from "#shared/service-groups.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { moonAccessHref } from "#client/lib/upstream-links.ts";
import { faqAnswerHref } from "#client/lib/faq-links.ts";

/** Booking an appointment started from a service (the appointments flow prefilters the offices). */
export function bookingFromServiceHref(serviceId: string): string {
  return withQuery(href("/servizi/prenotazione-appuntamento-2"), { servizio: serviceId });
}

/** The catalogue filtered on one category (`/servizi?categoria=`). */
export function categoryHref(category: string): string {
  return withQuery(href("/servizi"), { categoria: categorySlug(category) });
}

/** How a link leaves the page: a client-side portal route, a full page load on this host, or another site. */
export type LinkKind = "route" | "document" | "external";

export type ServiceLink = { href: string; kind: LinkKind };

export type ServiceOffice = ServiceSheet["ufficio"];

/** schema.org `GovernmentService` (Modello Comuni `metatag`, checker audit R.SI.1.1). */
export type GovernmentServiceJsonLd = Record<string, unknown>;

export type ServiceDetailView = {
  id: string;
  nome: string;
  descrizione: string;
  /** Categories with their page in the catalogue. */
  categorie: Array<{ nome: string; href: string }>;
  attivo: boolean;
  /** Why the service is not active, when the configuration says. */
  motivoStato: string | null;
  /** Topics (`service-topic`). */
  argomenti: string[];
  /** The scheda servizio's contents (not in the public contract), or null when the upstream sends none. */
  sheet:
    | (Pick<
        ServiceSheet,
        | "destinatari"
        | "comeFare"
        | "cosaServe"
        | "cosaSiOttiene"
        | "tempi"
        | "costi"
        | "condizioni"
        | "ufficio"
      > & {
        /** Dated steps with their day already written out for the page's locale (no date library in the browser). */
        scadenze: Array<ServiceSheet["scadenze"][number] & { dataTesto: string | null }>;
      })
    | null;
  /** "Accedi al servizio": the online service, or null when there is none (or the service is not active). */
  access: ServiceLink | null;
  /**
   * Booking from this service, when the municipality has appointments (APPSCHED) and the service is active: with
   * competent offices (`idSportello`) the booking starts from the service, otherwise the general booking.
   */
  booking: { href: string; fromService: boolean } | null;
  /** When the municipality has delegations and the service may be used on someone's behalf. */
  delegation: { note: string | null } | null;
  /** The service page on the municipality's website (CMS), when configured. */
  linkScheda: string | null;
  contacts: {
    assistanceHref: string | null;
    faqHref: string | null;
  };
  jsonLd: GovernmentServiceJsonLd;
};

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/**
 * "Accedi al servizio" from a configured `linkServizio`: a portal page this release serves (for a service the
 * municipality offers), or a web address.
 */
function onlineLinkOf(link: string, config: TenantConfig): ServiceLink | null {
  if (link.startsWith("/")) {
    const page = configuredPortalPage(link, config);
    return page ? { href: page, kind: "route" } : null;
  }
  if (isHttpUrl(link)) return { href: link, kind: "external" };
  return null;
}

function absolute(link: string, origin: string): string {
  return isHttpUrl(link) ? link : `${origin}${link}`;
}

/** A street address as the structured data writes it. */
type Address = { via: string; cap: string; comune: string };

/**
 * The structured metadata of the card: schema.org GovernmentService with the fields the checker reads (R.SI.1.1
 * wants every one). An office received by video call has no street address: the place then carries the
 * municipality's main office address (`sede`, when configured); a card without an office, the main office itself.
 */
function governmentService(options: {
  name: string;
  serviceType: string;
  municipality: string;
  audience: string;
  serviceUrl: string;
  office: ServiceOffice | null;
  mainOffice: (Address & { nome: string }) | null;
}): GovernmentServiceJsonLd {
  const { office, mainOffice } = options;
  const place = office ?? mainOffice;
  const address: Address | null = office?.indirizzo ?? mainOffice;
  return {
    "@context": "https://schema.org",
    "@type": "GovernmentService",
    name: options.name,
    serviceType: options.serviceType,
    serviceOperator: { "@type": "GovernmentOrganization", name: options.municipality },
    areaServed: { "@type": "AdministrativeArea", name: options.municipality },
    audience: { "@type": "Audience", audienceType: options.audience },
    availableChannel: {
      "@type": "ServiceChannel",
      name: options.name,
      serviceUrl: options.serviceUrl,
      ...(place
        ? {
            serviceLocation: {
              "@type": "Place",
              name: place.nome,
              ...(address
                ? {
                    address: {
                      "@type": "PostalAddress",
                      streetAddress: address.via,
                      postalCode: address.cap,
                      addressLocality: address.comune,
                    },
                  }
                : {}),
            },
          }
        : {}),
    },
  };
}

type ConfiguredService = TenantConfig["servizi"][number];
type ServiceDetailConfig = TenantConfig["dettagli"][number];
type AssetCode = Parameters<typeof findAsset>[1];

/**
 * "Accedi al servizio" of an active service: its form on the forms front office (MOON), linked only when the
 * configuration says where that is, or its configured `linkServizio` (not the service's own page).
 */
function accessOf(
  config: TenantConfig,
  service: ConfiguredService,
  detail: ServiceDetailConfig | undefined,
  page: { self: string; origin: string },
): ServiceLink | null {
  if (!service.attivo) return null;
  if (detail?.moduloMoon && findAsset(config, "MOON")) {
    // The forms front office is another service: only linked when the configuration says where it is.
    const baseUrl = config.comune.urlModuli;
    if (!baseUrl) return null;
    const backUrl = `${page.origin}${page.self}`;
    return {
      href: moonAccessHref({
        baseUrl,
        moduloMoon: detail.moduloMoon,
        codiceEnte: config.comune.codiceEnte,
        backUrl,
      }),
      kind: "external",
    };
  }
  return service.linkServizio && service.linkServizio !== page.self
    ? onlineLinkOf(service.linkServizio, config)
    : null;
}

/** Booking from an active service when the municipality has appointments: from the service with its offices. */
function bookingOf(
  config: TenantConfig,
  service: ConfiguredService,
  detail: ServiceDetailConfig | undefined,
): ServiceDetailView["booking"] {
  if (!service.attivo || !findAsset(config, "APPSCHED")) return null;
  return detail?.idSportello != null
    ? { href: bookingFromServiceHref(service.id), fromService: true }
    : { href: href("/servizi/prenotazione-appuntamento"), fromService: false };
}

/** The scheda servizio's sections, with each dated step's day written out for the page. */
function sheetViewOf(
  sheet: ServiceSheet | null,
  formatDay: (day: string) => string,
): ServiceDetailView["sheet"] {
  if (!sheet) return null;
  return {
    destinatari: sheet.destinatari,
    comeFare: sheet.comeFare,
    cosaServe: sheet.cosaServe,
    cosaSiOttiene: sheet.cosaSiOttiene,
    tempi: sheet.tempi,
    scadenze: sheet.scadenze.map((step) => ({ ...step, dataTesto: step.data ? formatDay(step.data) : null })),
    costi: sheet.costi ?? null,
    condizioni: sheet.condizioni,
    ufficio: sheet.ufficio,
  };
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
  /** Writes a "yyyy-MM-dd" day out for the page, e.g. "1 marzo 2027" (the route's loader passes the locale's). */
  formatDay: (day: string) => string,
): ServiceDetailView | null {
  if (!SAFE_ID.test(id)) return null;
  const service = config.servizi.find((s) => s.id === id);
  if (!service) return null;
  const detail = config.dettagli.find((d) => d.idServizio === id);
  const sheet = detail?.scheda ?? null;
  const self = href("/servizi/:id", { id });
  const has = (code: AssetCode) => Boolean(findAsset(config, code));
  const municipality = config.comune.nome;
  const access = accessOf(config, service, detail, { self, origin });
  const booking = bookingOf(config, service, detail);
  return {
    id,
    nome: service.nome,
    descrizione: service.descrizione,
    categorie: service.categorie.map((nome) => ({ nome, href: categoryHref(nome) })),
    attivo: service.attivo,
    motivoStato: service.attivo ? null : service.motivoStato,
    argomenti: sheet?.argomenti ?? [],
    sheet: sheetViewOf(sheet, formatDay),
    access,
    booking,
    delegation: detail?.delegabile && has("DELEGHE") ? { note: detail.noteDelega ?? null } : null,
    linkScheda: service.linkScheda && isHttpUrl(service.linkScheda) ? service.linkScheda : null,
    contacts: {
      assistanceHref: has("ASSISTENZA_CRM") ? href("/nuova-richiesta") : null,
      faqHref: detail?.idFaq ? faqAnswerHref({ id: detail.idFaq }) : null,
    },
    jsonLd: governmentService({
      name: service.nome,
      serviceType: sheet?.tipo ?? service.categorie[0] ?? service.nome,
      municipality,
      audience: sheet?.pubblico ?? sheet?.destinatari ?? municipality,
      serviceUrl: absolute(access?.href ?? booking?.href ?? self, origin),
      office: sheet?.ufficio ?? null,
      mainOffice: config.comune.sede ?? null,
    }),
  };
}

/** The JSON-LD text for a `<script type="application/ld+json">`: `<` escaped so it cannot close the element. */
export function jsonLdText(value: GovernmentServiceJsonLd): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
