import type { AssetCode, SandboxAsset } from "../types.ts";
import type { SandboxMenuItem, SandboxServiceAsset } from "./content-types.ts";

const assetCatalog: Record<
  AssetCode,
  { id: number; nome: string; descrizione: string; credenziali: string }
> = {
  MYPAY: {
    id: 1,
    nome: "Pagamenti MyPay",
    descrizione: "Pagamenti spontanei tramite MyPay",
    credenziali: "OAUTH",
  },
  PPAY: {
    id: 2,
    nome: "Pagamenti pagoPA",
    descrizione: "Posizioni debitorie e pagamenti spontanei",
    credenziali: "BASIC",
  },
  APPSCHED: {
    id: 3,
    nome: "Prenotazione appuntamenti",
    descrizione: "Appuntamenti agli sportelli",
    credenziali: "OAUTH",
  },
  ASSISTENZA_CRM: {
    id: 4,
    nome: "Richieste di assistenza",
    descrizione: "Assistenza e FAQ",
    credenziali: "OAUTH",
  },
  MOON: { id: 5, nome: "Istanze online", descrizione: "Moduli e istanze online", credenziali: "OAUTH" },
  MY_DOCS: { id: 6, nome: "I miei documenti", descrizione: "Documenti personali", credenziali: "OAUTH" },
  NOTIFICATIONS: {
    id: 7,
    nome: "Notifiche",
    descrizione: "Messaggi e preferenze di notifica",
    credenziali: "JWT",
  },
  DELEGHE: { id: 8, nome: "Deleghe", descrizione: "Deleghe tra cittadini", credenziali: "OAUTH" },
  DISSERVIZIO_CRM: {
    id: 9,
    nome: "Segnalazione disservizio",
    descrizione: "Segnalazioni",
    credenziali: "OAUTH",
  },
};

export function asset(
  codice: AssetCode,
  extra: { showPublic?: boolean; delegheMaxDays?: number } = {},
): SandboxAsset {
  const { id, nome, descrizione } = assetCatalog[codice];
  return {
    id,
    codice,
    nome,
    descrizione,
    showPublic: extra.showPublic ?? false,
    ...pickDays(extra.delegheMaxDays),
    // The payers' placeholder for "no Italian tax code" (shared/api/tenant-config.ts AssetSchema).
    ...(codice === "PPAY" || codice === "MYPAY" ? { codiceFiscaleAnonimo: "ANONIMOANONIMO00" } : {}),
  };
}

function pickDays(days: number | undefined): { delegheMaxDays?: number } {
  return days === undefined ? {} : { delegheMaxDays: days };
}

/** The asset object embedded in a service detail (`ServiceDetail.asset`). */
export function serviceAsset(codice: AssetCode): SandboxServiceAsset {
  const { id, nome, descrizione, credenziali } = assetCatalog[codice];
  return { id, codice, nome, tipoCredenziali: credenziali, descrizione, urlBackoffice: null, icon: null };
}

function link(title: string, url: string, dataElement?: string): SandboxMenuItem {
  return dataElement ? { title, url, attributes: { "data-element": dataElement } } : { title, url };
}

function section(
  title: string,
  url: string,
  children: SandboxMenuItem[],
  dataElement?: string,
): SandboxMenuItem {
  return { ...link(title, url, dataElement), is_parent: true, children };
}

/** The four first-level entries of the Modello Comuni header, with their second-level pages. */
export function mainMenu(site: string, liveTitle: string, serviceCategories: string[]): SandboxMenuItem[] {
  return [
    section("Amministrazione", `${site}/amministrazione`, administrationPages(site), "management"),
    section("Novità", `${site}/novita`, newsPages(site), "news"),
    section("Servizi", `${site}/servizi`, categoryPages(site, serviceCategories), "all-services"),
    section(liveTitle, `${site}/vivere-il-comune`, livePages(site), "live"),
  ];
}

function administrationPages(site: string): SandboxMenuItem[] {
  return [
    link("Organi di governo", `${site}/amministrazione/organi-di-governo`),
    link("Aree amministrative", `${site}/amministrazione/aree-amministrative`),
    link("Uffici", `${site}/amministrazione/uffici`),
    link("Politici", `${site}/amministrazione/politici`),
    link("Personale amministrativo", `${site}/amministrazione/personale-amministrativo`),
    link("Documenti e dati", `${site}/amministrazione/documenti-e-dati`),
  ];
}

function newsPages(site: string): SandboxMenuItem[] {
  return [
    link("Notizie", `${site}/novita/notizie`),
    link("Comunicati", `${site}/novita/comunicati`),
    link("Avvisi", `${site}/novita/avvisi`),
  ];
}

function livePages(site: string): SandboxMenuItem[] {
  return [
    link("Luoghi", `${site}/vivere-il-comune/luoghi`),
    link("Eventi", `${site}/vivere-il-comune/eventi`),
  ];
}

function categoryPages(site: string, categories: string[]): SandboxMenuItem[] {
  return categories.map((name) => link(name, `${site}/servizi/categorie/${slug(name)}`));
}

export function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function topicsMenu(site: string, topics: string[]): SandboxMenuItem[] {
  const items = topics.map((name) => link(name, `${site}/argomenti/${slug(name)}`));
  return [...items, link("Tutti gli argomenti", `${site}/argomenti`, "all-topics")];
}

/** Footer "menu-principale": at most four sections. */
export function footerMainMenu(
  site: string,
  liveTitle: string,
  serviceCategories: string[],
): SandboxMenuItem[] {
  return [
    section("Amministrazione", `${site}/amministrazione`, [
      ...administrationPages(site).slice(0, 3),
      link("Amministrazione trasparente", `${site}/amministrazione-trasparente`),
    ]),
    section("Categorie di servizio", `${site}/servizi`, categoryPages(site, serviceCategories)),
    section("Novità", `${site}/novita`, newsPages(site)),
    section(liveTitle, `${site}/vivere-il-comune`, livePages(site)),
  ];
}

export type ContactLinkOptions = { urp: string; booking: boolean; assistance: boolean; inefficiency: string };

/** Footer "menu-contatti": links to the portal's own pages where the municipality has the service. */
export function footerContactsMenu(options: ContactLinkOptions): SandboxMenuItem[] {
  return [
    link("Ufficio Relazioni con il Pubblico", options.urp),
    link("Leggi le FAQ", "/faq", "faq"),
    ...(options.assistance ? [link("Richiesta d'assistenza", "/nuova-richiesta", "contacts")] : []),
    ...(options.booking
      ? [link("Prenotazione appuntamento", "/servizi/prenotazione-appuntamento", "appointment-booking")]
      : []),
    link("Segnalazione disservizio", options.inefficiency, "report-inefficiency"),
  ];
}

/** Footer "menu-footer" (small print). */
export function footerSmallPrint(site: string, agidDeclarationId: string): SandboxMenuItem[] {
  return [
    link("Informativa privacy", `${site}/privacy`, "privacy-policy-link"),
    link("Note legali", `${site}/note-legali`, "legal-notes"),
    link(
      "Dichiarazione di accessibilità",
      `https://form.agid.gov.it/view/${agidDeclarationId}`,
      "accessibility-link",
    ),
    link("Media policy", `${site}/media-policy`),
    link("Mappa del sito", `${site}/mappa-del-sito`),
  ];
}

export function contactsSection(title: string, children: SandboxMenuItem[]): SandboxMenuItem[] {
  return [section(title, "#", children)];
}

export { link as menuLink };

/**
 * The sandbox municipalities' web-push public key (VAPID, an uncompressed P-256 point, base64url). Its private half
 * was never kept: nothing can push with it, which is the point (the tests answer the messaging calls themselves).
 */
export const SANDBOX_VAPID_KEY =
  "BHYfqLWiJiKiSrIWa9uoRR9GY4JfoSncaJMf-9agKkkXqLtxyuKLxsIM5smE9zQ_11MOHDbGE3LP9_RaDF6eRHg";
