import type { SandboxServiceDetail, SandboxServizio } from "./content-types.ts";
import { detail } from "./detail.ts";
import { valverdeSheets } from "./comune-a-sheets.ts";
import { withSheets } from "./sheets.ts";

const site = "https://www.comune.valverde.it/servizi";
const anagrafe = { id: 1, nome: "Anagrafe e stato civile" };
const tributi = { id: 11, nome: "Tributi, finanze e contravvenzioni" };
const educazione = { id: 9, nome: "Educazione e formazione" };
const mobilita = { id: 8, nome: "Mobilità e trasporti" };
const ambiente = { id: 12, nome: "Ambiente" };
const salute = { id: 13, nome: "Salute, benessere e assistenza" };

// The category is deliberately spelled in every way the upstream has been seen to use.
export const valverdeServices: SandboxServizio[] = [
  {
    id: 101,
    nome: "Carta d'identità elettronica",
    descrizione: "Prenota l'appuntamento per richiedere o rinnovare la carta d'identità elettronica (CIE).",
    categoria_servizio: anagrafe,
    link_scheda: `${site}/carta-identita-elettronica`,
    link_servizio: "/servizi/prenotazione-appuntamento",
    servizio_attivo: true,
    servizio_citta_facile: true,
    messaggio_manutenzione: null,
  },
  {
    id: 102,
    nome: "Certificati anagrafici",
    descrizione: "Richiedi online i certificati di residenza, stato di famiglia e nascita.",
    categoriaServizio: anagrafe,
    link_scheda: `${site}/certificati-anagrafici`,
    linkServizio: "/servizi/102",
    servizio_attivo: true,
  },
  {
    id: 103,
    nome: "Cambio di residenza",
    descrizione:
      "Comunica il trasferimento di residenza da un altro comune o il cambio di indirizzo a Valverde.",
    categoriaSevizio: anagrafe,
    link_scheda: `${site}/cambio-di-residenza`,
    linkServizio: "/servizi/103",
    servizio_attivo: true,
  },
  {
    id: 104,
    nome: "Pagamento TARI",
    descrizione: "Consulta e paga gli avvisi della tassa sui rifiuti con pagoPA.",
    categorie: [{ nome: tributi.nome }],
    link_scheda: `${site}/tari`,
    linkServizio: "/servizi/pagamenti/104",
    servizio_attivo: true,
  },
  {
    id: 105,
    nome: "Pagamento spontaneo",
    descrizione: "Paga diritti, canoni e sanzioni senza avviso, con pagoPA.",
    categoriaServizio: tributi.nome,
    link_scheda: `${site}/pagamento-spontaneo`,
    linkServizio: "/servizi/ppay/pagamento-spontaneo",
    servizio_attivo: true,
  },
  {
    id: 106,
    nome: "Diritti di segreteria",
    descrizione: "Versa i diritti di segreteria e di istruttoria delle pratiche edilizie tramite MyPay.",
    categorie: [{ nome: tributi.nome }],
    link_scheda: `${site}/diritti-di-segreteria`,
    linkServizio: "/servizi/mypay/pagamento-spontaneo",
    servizio_attivo: true,
  },
  {
    id: 107,
    nome: "Pagamento contravvenzioni",
    descrizione: "Paga le sanzioni per violazioni al Codice della strada.",
    categoria_servizio: tributi,
    link_scheda: `${site}/contravvenzioni`,
    link_servizio: "/servizi/pagamenti/107",
    servizio_attivo: true,
  },
  {
    id: 108,
    nome: "Iscrizione alla mensa scolastica",
    descrizione: "Iscrivi i tuoi figli al servizio di ristorazione delle scuole dell'infanzia e primarie.",
    categorie: [{ nome: educazione.nome }, { nome: salute.nome }],
    link_scheda: `${site}/mensa-scolastica`,
    linkServizio: "/servizi/108",
    servizio_attivo: true,
  },
  {
    id: 109,
    nome: "Contrassegno di parcheggio per disabili",
    descrizione: "Richiedi il rilascio o il rinnovo del contrassegno europeo per persone con disabilità.",
    categoria_servizio: mobilita,
    link_scheda: `${site}/contrassegno-disabili`,
    link_servizio: "/servizi/prenotazione-appuntamento",
    servizio_attivo: true,
  },
  {
    id: 110,
    nome: "Segnalazione disservizio",
    descrizione: "Segnala un problema su strade, illuminazione pubblica, verde e rifiuti.",
    categoriaServizio: ambiente,
    link_scheda: `${site}/segnalazione-disservizio`,
    linkServizio: "/servizi/segnalazioni/nuova",
    servizio_attivo: true,
  },
  {
    id: 111,
    nome: "Richiesta di assistenza",
    descrizione: "Chiedi informazioni o aiuto agli uffici comunali.",
    categoriaSevizio: { id: 16, nome: "Relazioni con il pubblico" },
    link_scheda: `${site}/richiesta-assistenza`,
    linkServizio: "/nuova-richiesta",
    servizio_attivo: true,
  },
  {
    id: 112,
    nome: "Contributo per l'assistenza domiciliare",
    descrizione:
      "Domanda di contributo per l'assistenza a domicilio di persone anziane o non autosufficienti.",
    categoriaSevizio: salute,
    link_scheda: `${site}/assistenza-domiciliare`,
    linkServizio: "/servizi/112",
    servizio_attivo: true,
  },
  {
    id: 113,
    nome: "Ritiro rifiuti ingombranti",
    descrizione: "Prenota il ritiro gratuito a domicilio di mobili ed elettrodomestici.",
    categoriaServizio: "Ambiente",
    link_scheda: `${site}/rifiuti-ingombranti`,
    linkServizio: `${site}/rifiuti-ingombranti/prenota`,
    servizio_attivo: false,
    messaggio_manutenzione: "Servizio temporaneamente sospeso per la riorganizzazione della raccolta.",
  },
  {
    id: 114,
    nome: "I miei documenti",
    descrizione: "Consulta e scarica i documenti che il Comune ha emesso a tuo nome.",
    categoria_servizio: anagrafe,
    link_scheda: `${site}/documenti-personali`,
    link_servizio: "/area-personale/documenti",
    servizio_attivo: true,
  },
  {
    id: 115,
    nome: "Prenotazione appuntamento",
    descrizione: "Prenota un appuntamento presso gli sportelli comunali.",
    categorie: [{ nome: "Relazioni con il pubblico" }],
    link_scheda: `${site}/prenotazione-appuntamento`,
    linkServizio: "/servizi/prenotazione-appuntamento",
    servizio_attivo: true,
  },
];

const noteIdentita =
  "Il delegato presenta allo sportello un documento d'identità proprio e una copia di quello del delegante.";

export const valverdeDetails: SandboxServiceDetail[] = withSheets(
  [
    detail(101, "Carta d'identità elettronica", {
      asset: "APPSCHED",
      idSportello: "1",
      codiceNotifiche: "valverde_anagrafe",
      delegabile: true,
      noteDelega: noteIdentita,
    }),
    detail(102, "Certificati anagrafici", {
      asset: "MOON",
      moduloMoon: "CERT_ANAG",
      codiceNotifiche: "valverde_anagrafe",
      codiceAssistenza: "ANAGRAFE",
      delegabile: true,
      noteDelega: "Il delegato riceve i certificati nella propria area personale.",
    }),
    detail(103, "Cambio di residenza", {
      asset: "MOON",
      moduloMoon: "CAMBIO_RES",
      codiceAssistenza: "ANAGRAFE",
    }),
    detail(104, "Pagamento TARI", {
      asset: "PPAY",
      codiceNotifiche: "valverde_tari",
      codiceAssistenza: "TRIBUTI",
      idFaq: 121,
      delegabile: true,
      codiceVersamento: "TARI",
    }),
    detail(105, "Pagamento spontaneo", { asset: "PPAY", codiceAssistenza: "TRIBUTI" }),
    detail(106, "Diritti di segreteria", {
      asset: "MYPAY",
      codiceAssistenza: "TRIBUTI",
      codiceVersamento: "DIRITTI_SEGRETERIA",
    }),
    detail(107, "Pagamento contravvenzioni", {
      asset: "PPAY",
      codiceNotifiche: "valverde_polizia_locale",
      codiceVersamento: "CDS",
    }),
    detail(108, "Iscrizione alla mensa scolastica", {
      asset: "MOON",
      moduloMoon: "MENSA_SCOL",
      codiceNotifiche: "valverde_scuola",
      delegabile: true,
      noteDelega: "Delega riservata a un genitore o a chi esercita la responsabilità genitoriale.",
    }),
    detail(109, "Contrassegno di parcheggio per disabili", {
      asset: "APPSCHED",
      idSportello: "3",
      delegabile: true,
      noteDelega: noteIdentita,
    }),
    detail(110, "Segnalazione disservizio", { asset: "DISSERVIZIO_CRM", codiceAssistenza: "DISSERVIZI" }),
    detail(111, "Richiesta di assistenza", { asset: "ASSISTENZA_CRM", codiceAssistenza: "URP" }),
    detail(112, "Contributo per l'assistenza domiciliare", {
      asset: "MOON",
      moduloMoon: "ASS_DOMIC",
      delegabile: true,
      noteDelega: "Allegare la certificazione ISEE del nucleo del delegante.",
    }),
    detail(113, "Ritiro rifiuti ingombranti", {}),
    detail(114, "I miei documenti", { asset: "MY_DOCS" }),
    detail(115, "Prenotazione appuntamento", { asset: "APPSCHED", idSportello: "1" }),
  ],
  valverdeSheets,
);
