import type { SandboxTenant } from "../types.ts";
import {
  asset,
  contactsSection,
  footerContactsMenu,
  footerMainMenu,
  footerSmallPrint,
  mainMenu,
  menuLink,
  topicsMenu,
} from "./common.ts";
import { roccaserenaDetails, roccaserenaKnowledgeBase, roccaserenaServices } from "./comune-c-services.ts";
import type { GeoAddress } from "./content-types.ts";

const site = "https://www.comune.roccaserena.it";
const categories = ["Anagrafe e stato civile", "Tributi, finanze e contravvenzioni", "Turismo", "Ambiente"];

const contactsBody = `<p><strong>Comune di Roccaserena</strong><br>Piazza del Castello, 1 – 53020 Roccaserena (SI)</p>
<ul>
  <li>Telefono: <a href="tel:+390577804100">0577 804 100</a></li>
  <li>PEC: <a href="mailto:comune.roccaserena@postacert.toscana.it">comune.roccaserena@postacert.toscana.it</a></li>
</ul>
<p><strong>Orari</strong>: martedì e venerdì 9.00 – 13.00; giovedì 15.00 – 17.30.</p>`;

function place(
  placeId: number,
  lat: number,
  lon: number,
  road: string,
  houseNumber: string,
  name?: string,
): GeoAddress {
  const base = {
    placeId,
    lat,
    lon,
    road,
    houseNumber,
    place: { kind: "village" as const, name: "Roccaserena" },
  };
  return { ...base, county: "Siena", state: "Toscana", postcode: "53020", ...(name ? { name } : {}) };
}

export const comuneC: SandboxTenant = {
  id: "comune-c",
  host: "servizi.comune.roccaserena.it",
  portalHost: "comune-c.localhost",
  nome: "Comune di Roccaserena",
  codiceEnte: "c_r003",
  codiceImmagine: "roccaserena",
  regione: { id: 3, nome: "Regione Toscana", link: "https://www.regione.toscana.it" },
  // The BFF allows a municipality without its site's address (`homePage` null): the demo has one.
  homePage: null,
  urlRicerca: `${site}/cerca`,
  cms: true,
  maintenance: true,
  maintenanceCredential: { username: "manutentore", password: "Roccaserena-2026" },
  assets: [asset("PPAY"), asset("APPSCHED", { showPublic: true }), asset("ASSISTENZA_CRM")],
  content: {
    menu: {
      main: mainMenu(site, "Vivere il Comune", categories),
      "menu-argomenti": topicsMenu(site, ["Turismo", "Patrimonio culturale", "Gestione rifiuti"]),
      "contatta-comune": contactsSection("Contatta il Comune", [
        menuLink("Ufficio Relazioni con il Pubblico", `${site}/urp`),
        { title: "Richiesta d'assistenza", url: "/nuova-richiesta", attributes: { class: "assistenza" } },
      ]),
    },
    menuFooter: {
      "menu-principale": footerMainMenu(site, "Vivere il Comune", categories),
      "menu-contatti": footerContactsMenu({
        urp: `${site}/urp`,
        booking: true,
        assistance: true,
        inefficiency: "mailto:segnalazioni@comune.roccaserena.it",
      }),
      "menu-footer": footerSmallPrint(site, "0e5f8a3b-2c71-4d96-b0a4-6d3e9f1c7b25"),
    },
    contatti: {
      "blocco-contatti": { title: "Contatti", body: contactsBody },
      social: {
        title: "Seguici su",
        channels: [
          { url: "https://www.facebook.com/comuneroccaserena", title: "Facebook", class: "it-facebook" },
          { url: "https://www.youtube.com/@comuneroccaserena", title: "YouTube", class: "it-youtube" },
        ],
      },
    },
    servizi: roccaserenaServices,
    dettagli: roccaserenaDetails,
    disservizioPolicy:
      "Il Comune di Roccaserena tratta i dati delle segnalazioni ai sensi del Regolamento (UE) 2016/679, " +
      "esclusivamente per la gestione della segnalazione. Responsabile della protezione dei dati: dpo@comune.roccaserena.it.",
    logoutUri: "/logout",
    knowledgeBase: roccaserenaKnowledgeBase,
    addresses: [
      place(430001, 43.2101, 11.4502, "Piazza del Castello", "1", "Municipio di Roccaserena"),
      place(430002, 43.2112, 11.4519, "Via del Poggio", "7"),
      place(430003, 43.2089, 11.4488, "Via delle Fonti", "15"),
    ],
  },
};
