import type { SandboxTenant } from "../types.ts";
import {
  asset,
  SANDBOX_VAPID_KEY,
  contactsSection,
  footerContactsMenu,
  footerMainMenu,
  footerSmallPrint,
  mainMenu,
  menuLink,
  topicsMenu,
} from "./common.ts";
import { montealtoDetails, montealtoServices } from "./comune-b-services.ts";
import { montealtoKnowledgeBase } from "./comune-b-kb.ts";
import type { GeoAddress } from "./content-types.ts";

const site = "https://www.comune.montealto.it";
/** The services entry of a menu (the portal's catalogue serves it): all Montealto's menus keep of the site's. */
const isServices = (item: { url: string }) => item.url === `${site}/servizi`;
const categories = [
  "Anagrafe e stato civile",
  "Tributi, finanze e contravvenzioni",
  "Educazione e formazione",
  "Cultura e tempo libero",
  "Autorizzazioni",
  "Salute, benessere e assistenza",
];

// The script tag and the onclick attribute are here on purpose: the portal must sanitise this HTML.
const contactsBody = `<p><strong>Municipio di Montealto</strong><br>Piazza della Libertà, 3 – 24030 Montealto (BG)</p>
<script>alert(1)</script>
<ul>
  <li>Telefono: <a href="tel:+39035765400" onclick="alert('contatti')">035 765 400</a></li>
  <li>PEC: <a href="mailto:comune.montealto@legalmail.it">comune.montealto@legalmail.it</a></li>
  <li>E-mail: <a href="mailto:info@comune.montealto.it">info@comune.montealto.it</a></li>
</ul>
<p><strong>Orari dello Sportello Polifunzionale</strong></p>
<ul>
  <li>Lunedì, mercoledì e venerdì: 9.00 – 12.30</li>
  <li>Giovedì: 14.00 – 18.00</li>
  <li>Sabato (solo Anagrafe): 9.00 – 12.00</li>
</ul>`;

function place(
  placeId: number,
  lat: number,
  lon: number,
  road: string,
  houseNumber: string,
  name?: string,
): GeoAddress {
  const base = { placeId, lat, lon, road, houseNumber, place: { kind: "city" as const, name: "Montealto" } };
  return { ...base, county: "Bergamo", state: "Lombardia", postcode: "24030", ...(name ? { name } : {}) };
}

export const comuneB: SandboxTenant = {
  id: "comune-b",
  host: "servizi.comune.montealto.it",
  portalHost: "comune-b.localhost",
  nome: "Comune di Montealto",
  codiceEnte: "c_m002",
  codiceImmagine: "montealto",
  // The BFF allows a region without its portal's address (`regione.link` null): the demo has one.
  regione: { id: 2, nome: "Regione Lombardia", link: null },
  homePage: site,
  urlRicerca: null,
  cms: false,
  maintenance: false,
  maintenanceCredential: null,
  firebase: {
    apiKey: "AIzaSyD-sandbox-not-a-real-key-b000000",
    appId: "1:100000000002:web:0b0b0b0b0b0b0b0b",
    messagingSenderId: "100000000002",
    projectId: "sandbox-comune-b",
    vapidKey: SANDBOX_VAPID_KEY,
  },
  sede: { nome: "Municipio di Montealto", via: "Piazza della Libertà, 3", cap: "24030", comune: "Montealto" },
  // Not in the public contract (issue #24): Montealto has no website, so the portal serves these pages.
  paginePortale: {
    privacy: [
      "Il Comune di Montealto, con sede in Piazza della Libertà, 3 – 24030 Montealto (BG), è titolare del " +
        "trattamento dei dati personali raccolti attraverso questo portale, ai sensi degli articoli 13 e 14 del " +
        "Regolamento (UE) 2016/679 (GDPR).",
      "I dati sono trattati per l'esercizio delle funzioni istituzionali del Comune e per erogare i servizi " +
        "online richiesti: prenotazione di appuntamenti, richieste di assistenza, segnalazioni di disservizio e " +
        "pagamenti. Il conferimento è necessario per ottenere il servizio; i dati non sono diffusi né trasferiti " +
        "fuori dall'Unione europea.",
      "I dati sono conservati per il tempo necessario alla conclusione del procedimento e secondo gli obblighi " +
        "di archiviazione della pubblica amministrazione.",
      "Puoi chiedere in ogni momento l'accesso ai tuoi dati, la rettifica, la cancellazione o la limitazione del " +
        "trattamento, e opporti al trattamento, scrivendo a protocollo@comune.montealto.it. Il Responsabile della " +
        "protezione dei dati (RPD) è raggiungibile a rpd@comune.montealto.it. Hai diritto di proporre reclamo al " +
        "Garante per la protezione dei dati personali.",
      "Il portale usa solo cookie tecnici di prima parte, necessari al suo funzionamento: nessun cookie di " +
        "profilazione o di terze parti.",
    ],
    noteLegali: [
      "I contenuti del portale sono curati dallo Sportello Polifunzionale del Comune di Montealto. Le " +
        "informazioni hanno carattere informativo: fanno fede gli atti ufficiali pubblicati all'Albo pretorio.",
    ],
  },
  assets: [
    asset("PPAY"),
    asset("APPSCHED", { showPublic: false }),
    asset("ASSISTENZA_CRM"),
    asset("NOTIFICATIONS"),
    // DELEGHE (issue #28) with a shorter limit than Valverde's: a delegation lasts at most 90 days here.
    asset("DELEGHE", { delegheMaxDays: 90 }),
    asset("DISSERVIZIO_CRM"),
  ],
  content: {
    // Montealto has no website (`cms: false`, issue #40): its menus name only what exists, the portal's pages (the
    // catalogue, topics, legal notes, privacy) and other sites (AgID's form); never `site`, which does not exist.
    menu: {
      main: mainMenu(site, "Vivere Montealto", categories).filter(isServices),
      "menu-argomenti": topicsMenu(site, [
        "Residenza",
        "Tempo libero",
        "Istruzione",
        "Trasporto pubblico",
        "Sport",
      ]),
      "contatta-comune": contactsSection("Contatti", [
        {
          title: "Richiesta d'assistenza",
          url: "/nuova-richiesta",
          attributes: { class: ["assistenza", "fw-bold"] },
        },
        menuLink("Prenotazione appuntamento", "/servizi/prenotazione-appuntamento"),
      ]),
    },
    menuFooter: {
      "menu-principale": footerMainMenu(site, "Vivere Montealto", categories).filter(isServices),
      "menu-contatti": footerContactsMenu({
        urp: "mailto:sportello@comune.montealto.it",
        booking: true,
        assistance: true,
        inefficiency: "/servizi/segnalazioni/nuova",
      }),
      "menu-footer": footerSmallPrint(site, "c41d9e02-6f3a-4b7e-8d15-92a0e7b3f6c8").filter(
        (item) => !item.url.startsWith(site) || item.attributes?.["data-element"],
      ),
    },
    contatti: {
      "blocco-contatti": { title: "Contatta il Comune", body: contactsBody },
      social: {
        title: "Seguici su",
        channels: [
          { url: "https://www.facebook.com/comunemontealto", title: "Facebook", class: "it-facebook" },
          {
            url: "https://www.linkedin.com/company/comune-di-montealto",
            title: "LinkedIn",
            class: "it-linkedin",
          },
          { url: "https://www.instagram.com/comunemontealto", title: "Instagram", class: "it-instagram" },
        ],
      },
    },
    servizi: montealtoServices,
    dettagli: montealtoDetails,
    disservizioPolicy:
      "Ai sensi dell'art. 13 del GDPR, il Comune di Montealto tratta i dati della segnalazione per la sola " +
      "gestione del disservizio segnalato. Il conferimento è facoltativo, ma senza recapiti non potremo " +
      "aggiornarti sull'esito. Contatto del DPO: rpd@comune.montealto.it.",
    logoutUri: "/logout",
    knowledgeBase: montealtoKnowledgeBase,
    addresses: [
      place(420001, 45.7012, 9.8521, "Piazza della Libertà", "3", "Municipio di Montealto"),
      place(420002, 45.7025, 9.854, "Via Dante Alighieri", "21"),
      place(420003, 45.6998, 9.8502, "Viale Papa Giovanni XXIII", "8"),
      place(420004, 45.7034, 9.8489, "Via Roma", "40"),
    ],
  },
};
