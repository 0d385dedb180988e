import type { SandboxServiceDetail, SandboxServizio } from "./content-types.ts";
import { detail } from "./detail.ts";
import { montealtoSheets } from "./comune-b-sheets.ts";
import { withSheets } from "./sheets.ts";

// Montealto has no website of its own (no CMS): the portal's cards are its service pages, so no `link_scheda`.
// Its online applications run on a separate forms platform.
const site = "https://istanze.comune.montealto.it";
const anagrafe = { id: 1, nome: "Anagrafe e stato civile" };
const tributi = { id: 11, nome: "Tributi, finanze e contravvenzioni" };
const educazione = { id: 9, nome: "Educazione e formazione" };
const cultura = { id: 2, nome: "Cultura e tempo libero" };
const autorizzazioni = { id: 14, nome: "Autorizzazioni" };
const salute = { id: 13, nome: "Salute, benessere e assistenza" };

export const montealtoServices: SandboxServizio[] = [
  {
    id: 201,
    nome: "Carta d'identità elettronica",
    descrizione: "Prenota allo Sportello Polifunzionale il rilascio della carta d'identità elettronica.",
    categoriaServizio: anagrafe,
    linkServizio: "/servizi/prenotazione-appuntamento",
    servizio_attivo: true,
  },
  {
    id: 202,
    nome: "Certificati online",
    descrizione: "Scarica i certificati anagrafici dall'Anagrafe nazionale della popolazione residente.",
    categoria_servizio: anagrafe,
    link_servizio: "https://www.anagrafenazionale.interno.it/servizi-al-cittadino/",
    servizio_attivo: true,
  },
  {
    id: 203,
    nome: "Pagamento IMU",
    descrizione: "Consulta e paga le posizioni IMU emesse dal Comune.",
    categoriaSevizio: tributi,
    linkServizio: "/servizi/pagamenti/203",
    servizio_attivo: true,
  },
  {
    id: 204,
    nome: "Pagamento spontaneo pagoPA",
    descrizione: "Versa al Comune un importo senza avviso: diritti, canoni, sanzioni.",
    categorie: [{ nome: tributi.nome }],
    linkServizio: "/servizi/ppay/pagamento-spontaneo",
    servizio_attivo: true,
  },
  {
    id: 205,
    nome: "Multe e sanzioni",
    descrizione: "Paga online le sanzioni della Polizia locale.",
    categoriaServizio: "Tributi, finanze e contravvenzioni",
    linkServizio: "/servizi/pagamenti/205",
    servizio_attivo: true,
  },
  {
    id: 206,
    nome: "Iscrizione all'asilo nido",
    descrizione: 'Domanda di iscrizione all\'asilo nido comunale "Il Girotondo".',
    categorie: [{ nome: educazione.nome }],
    linkServizio: `${site}/asilo-nido/domanda`,
    servizio_attivo: true,
  },
  {
    id: 207,
    nome: "Iscrizione alla biblioteca civica",
    descrizione: "Tessera gratuita per prestiti, consultazione e wi-fi della biblioteca.",
    categoria_servizio: cultura,
    link_servizio: `${site}/biblioteca/iscrizione`,
    servizio_attivo: true,
  },
  {
    id: 208,
    nome: "Occupazione di suolo pubblico",
    descrizione: "Autorizzazione per ponteggi, dehors e traslochi.",
    categoriaSevizio: autorizzazioni,
    linkServizio: "/servizi/prenotazione-appuntamento",
    servizio_attivo: true,
  },
  {
    id: 209,
    nome: "Segnalazione disservizio",
    descrizione: "Segnala buche, lampioni spenti, rifiuti abbandonati.",
    categoria_servizio: { id: 12, nome: "Ambiente" },
    link_servizio: "/servizi/segnalazioni/nuova",
    servizio_attivo: true,
  },
  {
    id: 210,
    nome: "Richiesta di assistenza",
    descrizione: "Scrivi allo Sportello Polifunzionale.",
    categorie: [{ nome: "Relazioni con il pubblico" }],
    linkServizio: "/nuova-richiesta",
    servizio_attivo: true,
  },
  {
    id: 211,
    nome: "Contributo affitto",
    descrizione: "Sostegno economico alle famiglie in affitto sul libero mercato.",
    categoriaServizio: salute,
    linkServizio: `${site}/contributo-affitto/domanda`,
    servizio_attivo: false,
    messaggio_manutenzione: "Il bando 2026 non è ancora aperto.",
  },
  {
    id: 212,
    nome: "Prenotazione appuntamento",
    descrizione: "Prenota un appuntamento con gli uffici del Comune.",
    categoriaSevizio: { id: 16, nome: "Relazioni con il pubblico" },
    linkServizio: "/servizi/prenotazione-appuntamento",
    servizio_attivo: true,
  },
];

export const montealtoDetails: SandboxServiceDetail[] = withSheets(
  [
    detail(201, "Carta d'identità elettronica", {
      asset: "APPSCHED",
      idSportello: "1",
      codiceNotifiche: "montealto_anagrafe",
      delegabile: true,
      noteDelega: "Il delegato accompagna il delegante allo sportello per la firma e le impronte.",
    }),
    detail(202, "Certificati online", {}),
    detail(203, "Pagamento IMU", {
      asset: "PPAY",
      codiceNotifiche: "montealto_tributi",
      codiceAssistenza: "TRIBUTI",
      codiceVersamento: "IMU",
      delegabile: true,
    }),
    detail(204, "Pagamento spontaneo pagoPA", { asset: "PPAY" }),
    detail(205, "Multe e sanzioni", {
      asset: "PPAY",
      codiceNotifiche: "montealto_polizia_locale",
      codiceVersamento: "CDS",
    }),
    detail(206, "Iscrizione all'asilo nido", { codiceAssistenza: "SCUOLA" }),
    // The BFF's Java allows a card without a title of its own (the portal names it after its service).
    detail(207, null, {}),
    detail(208, "Occupazione di suolo pubblico", {
      asset: "APPSCHED",
      idSportello: "2",
      codiceAssistenza: "SUAP",
    }),
    detail(209, "Segnalazione disservizio", { asset: "DISSERVIZIO_CRM" }),
    detail(210, "Richiesta di assistenza", { asset: "ASSISTENZA_CRM", codiceAssistenza: "URP" }),
    detail(211, "Contributo affitto", {
      codiceAssistenza: "SOCIALE",
      delegabile: true,
      noteDelega: "Allegare la certificazione ISEE del nucleo del delegante.",
    }),
    detail(212, "Prenotazione appuntamento", { asset: "APPSCHED", idSportello: "1" }),
  ],
  montealtoSheets,
);
