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
import { valverdeDetails, valverdeServices } from "./comune-a-services.ts";
import { valverdeKnowledgeBase } from "./comune-a-kb.ts";
import type { GeoAddress } from "./content-types.ts";

const site = "https://www.comune.valverde.it";
const categories = [
  "Anagrafe e stato civile",
  "Tributi, finanze e contravvenzioni",
  "Educazione e formazione",
  "Mobilità e trasporti",
  "Ambiente",
  "Salute, benessere e assistenza",
];

const contactsBody = `<p><strong>Comune di Valverde</strong><br>Piazza Vittorio Emanuele II, 1 – 10090 Valverde (TO)</p>
<p>Codice fiscale e partita IVA: 01234560017</p>
<ul>
  <li>Centralino: <a href="tel:+390119876500">011 987 6500</a></li>
  <li>Posta elettronica certificata: <a href="mailto:protocollo@pec.comune.valverde.it">protocollo@pec.comune.valverde.it</a></li>
  <li>Ufficio Relazioni con il Pubblico: <a href="mailto:urp@comune.valverde.it">urp@comune.valverde.it</a></li>
</ul>
<p><strong>Orari di apertura dello sportello</strong></p>
<ul>
  <li>Dal lunedì al venerdì: 8.30 – 12.30</li>
  <li>Martedì e giovedì pomeriggio: 14.30 – 16.30</li>
</ul>`;

function place(
  placeId: number,
  lat: number,
  lon: number,
  road: string,
  houseNumber?: string,
  name?: string,
): GeoAddress {
  const base = { placeId, lat, lon, road, place: { kind: "town" as const, name: "Valverde" } };
  const where = { county: "Città metropolitana di Torino", state: "Piemonte", postcode: "10090" };
  return { ...base, ...where, ...(houseNumber ? { houseNumber } : {}), ...(name ? { name } : {}) };
}

export const comuneA: SandboxTenant = {
  id: "comune-a",
  host: "servizi.comune.valverde.it",
  portalHost: "comune-a.localhost",
  nome: "Comune di Valverde",
  codiceEnte: "c_v001",
  codiceImmagine: "valverde",
  regione: { id: 1, nome: "Regione Piemonte", link: "https://www.regione.piemonte.it" },
  homePage: site,
  urlRicerca: `${site}/ricerca`,
  cms: true,
  maintenance: false,
  maintenanceCredential: null,
  firebase: {
    apiKey: "AIzaSyD-sandbox-not-a-real-key-e000000",
    appId: "1:100000000001:web:0a0a0a0a0a0a0a0a",
    messagingSenderId: "100000000001",
    projectId: "sandbox-valverde",
    vapidKey: SANDBOX_VAPID_KEY,
  },
  sede: {
    nome: "Municipio di Valverde",
    via: "Piazza Vittorio Emanuele II, 1",
    cap: "10090",
    comune: "Valverde",
  },
  assets: [
    asset("MYPAY"),
    asset("PPAY"),
    asset("APPSCHED", { showPublic: true }),
    asset("ASSISTENZA_CRM"),
    asset("MOON"),
    asset("MY_DOCS"),
    asset("NOTIFICATIONS"),
    asset("DELEGHE", { delegheMaxDays: 365 }),
    asset("DISSERVIZIO_CRM"),
  ],
  content: {
    menu: {
      main: mainMenu(site, "Vivere il Comune", categories),
      "menu-argomenti": topicsMenu(site, ["Anagrafe", "Gestione rifiuti", "Imposte", "Istruzione"]),
      "contatta-comune": contactsSection("Contatta il Comune", [
        menuLink("Ufficio Relazioni con il Pubblico", `${site}/amministrazione/uffici/urp`),
        { title: "Richiesta d'assistenza", url: "/nuova-richiesta", attributes: { class: "assistenza" } },
        menuLink("Prenotazione appuntamento", "/servizi/prenotazione-appuntamento"),
        menuLink("Segnalazione disservizio", "/servizi/segnalazioni/nuova"),
      ]),
    },
    menuFooter: {
      "menu-principale": footerMainMenu(site, "Vivere il Comune", categories),
      "menu-contatti": footerContactsMenu({
        urp: `${site}/amministrazione/uffici/urp`,
        booking: true,
        assistance: true,
        inefficiency: "/servizi/segnalazioni/nuova",
      }),
      "menu-footer": footerSmallPrint(site, "7a3c2f1e-5b8d-4c9a-9e21-3f6d8b0c4a17"),
    },
    contatti: {
      "blocco-contatti": { title: "Contatti", body: contactsBody },
      social: {
        title: "Seguici su",
        channels: [
          { url: "https://www.facebook.com/comunedivalverde", title: "Facebook", class: "it-facebook" },
          { url: "https://www.instagram.com/comunedivalverde", title: "Instagram", class: "it-instagram" },
          { url: "https://www.youtube.com/@comunedivalverde", title: "YouTube", class: "it-youtube" },
          { url: "https://twitter.com/comunevalverde", title: "Twitter", class: "it-twitter" },
        ],
      },
    },
    servizi: valverdeServices,
    dettagli: valverdeDetails,
    disservizioPolicy:
      "Informativa ai sensi dell'art. 13 del Regolamento (UE) 2016/679. Il Comune di Valverde, titolare del " +
      "trattamento, tratta i dati personali forniti con la segnalazione (dati anagrafici, recapiti, luogo e " +
      "immagini del disservizio) al solo fine di gestire la segnalazione. I dati sono conservati per il tempo " +
      "necessario alla sua risoluzione e non sono diffusi. Il responsabile della protezione dei dati è " +
      "raggiungibile all'indirizzo dpo@comune.valverde.it.",
    logoutUri: "/logout",
    knowledgeBase: valverdeKnowledgeBase,
    addresses: [
      place(410001, 45.0521, 7.5203, "Piazza Vittorio Emanuele II", "1", "Municipio di Valverde"),
      place(410002, 45.053, 7.5215, "Via Roma", "12"),
      place(410003, 45.0512, 7.519, "Via Giuseppe Garibaldi", "5"),
      place(410004, 45.0545, 7.516, "Corso Francia", "48"),
      place(410005, 45.0489, 7.5248, "Strada Provinciale 24"),
    ],
  },
};
