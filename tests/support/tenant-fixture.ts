import type { ComuneConfig, Contatti, Menu, MenuFooter, MenuItem } from "#shared/api/tenant-config.ts";

/** Test data shaped like a parsed tenant configuration. */
const item = (title: string, url: string, dataElement?: string, children: MenuItem[] = []): MenuItem => ({
  title,
  url,
  dataElement,
  children,
});

export const comuneFixture: ComuneConfig = {
  nome: "Comune di Valverde",
  regione: { nome: "Regione Verde", link: "https://www.regione.verde.it" },
  codiceEnte: "c_v001",
  assets: [],
  homePage: "https://www.comune.valverde.it",
  urlRicerca: "https://www.comune.valverde.it/ricerca",
  maintenance: false,
  cms: true,
};

export const menuFixture: Menu = {
  main: [
    item("Amministrazione", "https://www.comune.valverde.it/amministrazione", "management"),
    item("Novità", "https://www.comune.valverde.it/novita", "news"),
    item("Servizi", "/servizi", "all-services"),
    item("Vivere il Comune", "https://www.comune.valverde.it/vivere", "live"),
  ],
  topics: [
    item("Anagrafe", "https://www.comune.valverde.it/argomenti/anagrafe"),
    item("Tutti gli argomenti...", "https://www.comune.valverde.it/argomenti", "all-topics"),
  ],
  contacts: [],
};

export const menuFooterFixture: MenuFooter = {
  main: [
    item("Amministrazione", "https://www.comune.valverde.it/amministrazione", undefined, [
      item("Organi di governo", "https://www.comune.valverde.it/organi"),
    ]),
    item("Categorie di servizio", "#", undefined, [item("Anagrafe e stato civile", "/servizi/anagrafe")]),
    item("Novità", "https://www.comune.valverde.it/novita"),
    item("Vivere il comune", "https://www.comune.valverde.it/vivere"),
    item("Quinto blocco", "https://www.comune.valverde.it/quinto"),
  ],
  contacts: [
    item("Leggi le FAQ", "/faq", "faq"),
    item("Prenotazione appuntamento", "/servizi/prenotazione-appuntamento", "appointment-booking"),
    item("Segnalazione disservizio", "/servizi/segnalazioni/nuova", "report-inefficiency"),
    item("Richiesta d'assistenza", "/nuova-richiesta"),
  ],
  smallPrint: [
    item("Informativa privacy", "https://www.comune.valverde.it/privacy", "privacy-policy-link"),
    item("Note legali", "https://www.comune.valverde.it/note-legali", "legal-notes"),
    item("Dichiarazione di accessibilità", "https://form.agid.gov.it/view/abc", "accessibility-link"),
  ],
};

export const contattiFixture: Contatti = {
  block: {
    title: "Contatti",
    body: '<p>Piazza Municipio 1<br>PEC: <a href="mailto:pec@valverde.it">pec@valverde.it</a></p>',
  },
  social: {
    title: "Seguici su",
    channels: [
      { url: "https://facebook.com/valverde", title: "Facebook", class: "it-facebook" },
      { url: "https://instagram.com/valverde", title: "Instagram", class: "instagram" },
    ],
  },
};
