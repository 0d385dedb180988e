import type { SandboxServiceSheet } from "./content-types.ts";
import { office, sheet } from "./sheets.ts";

// Not in the public contract (issue #12): the scheda servizio of every Valverde service.
const site = "https://www.comune.valverde.it";
const place = { cap: "10090", comune: "Valverde" };
const orari = "Lunedì–venerdì 8:30–12:30; giovedì anche 14:30–17:00.";

const anagrafe = office("Ufficio Anagrafe e Stato civile", {
  indirizzo: { via: "Piazza Vittorio Emanuele II, 1", ...place },
  telefono: "011 987 6510",
  email: "anagrafe@comune.valverde.it",
  orari,
});
const tributi = office("Ufficio Tributi", {
  indirizzo: { via: "Via Roma, 12", ...place },
  telefono: "011 987 6520",
  email: "tributi@comune.valverde.it",
  orari,
});
const scuola = office("Ufficio Istruzione", {
  indirizzo: { via: "Via Garibaldi, 4", ...place },
  telefono: "011 987 6530",
  email: "scuola@comune.valverde.it",
  orari,
});
const sociale = office("Servizi sociali – sportello in videochiamata", {
  videochiamata: "https://meet.comune.valverde.it/servizi-sociali",
  telefono: "011 987 6540",
  email: "sociale@comune.valverde.it",
  orari: "Martedì e giovedì 9:00–12:00, su appuntamento.",
});
const polizia = office("Polizia locale", {
  indirizzo: { via: "Via Torino, 30", ...place },
  telefono: "011 987 6550",
  email: "polizialocale@comune.valverde.it",
  orari,
});
const urp = office("Ufficio Relazioni con il Pubblico", {
  indirizzo: { via: "Piazza Vittorio Emanuele II, 1", ...place },
  telefono: "011 987 6500",
  email: "urp@comune.valverde.it",
  orari,
});
const ambiente = office("Ufficio Ambiente", {
  indirizzo: { via: "Via dei Mulini, 8", ...place },
  telefono: "011 987 6560",
  email: "ambiente@comune.valverde.it",
  orari,
});

const residenti = "Cittadini residenti a Valverde";
const spid =
  "L'identità digitale SPID o la Carta d'identità elettronica (CIE) per accedere al servizio online";

export const valverdeSheets: Record<number, SandboxServiceSheet> = {
  101: sheet(site, {
    destinatari: "Cittadini residenti a Valverde che devono richiedere o rinnovare la carta d'identità.",
    comeFare:
      "Prenota un appuntamento all'Ufficio Anagrafe e presentati allo sportello con i documenti richiesti.",
    cosaServe: [
      "La carta d'identità scaduta o la denuncia di smarrimento",
      "Una fototessera recente",
      "La tessera sanitaria",
    ],
    cosaSiOttiene:
      "La carta d'identità elettronica, spedita per posta all'indirizzo indicato entro 6 giorni lavorativi.",
    tempi: "La carta arriva per posta entro 6 giorni lavorativi dalla richiesta.",
    scadenze: [
      { titolo: "Richiesta allo sportello", testo: "Il giorno dell'appuntamento" },
      { titolo: "Consegna a domicilio", testo: "Entro 6 giorni lavorativi" },
    ],
    costi: "22,21 euro; 27,37 euro in caso di smarrimento o deterioramento.",
    ufficio: anagrafe,
    argomenti: ["Anagrafe", "Documenti di identità"],
    pubblico: residenti,
    tipo: "Anagrafe e stato civile",
    documento: "condizioni-cie",
  }),
  102: sheet(site, {
    destinatari: "Cittadini iscritti all'anagrafe di Valverde, o chi ne ha delega.",
    comeFare: "Accedi al servizio online con SPID o CIE, scegli il certificato e scaricalo in formato PDF.",
    cosaServe: [spid, "L'eventuale marca da bollo digitale, se il certificato non è esente"],
    cosaSiOttiene: "Il certificato anagrafico in PDF con sigillo elettronico, valido come l'originale.",
    tempi: "Il certificato è disponibile subito dopo la richiesta.",
    costi: "Gratuito in carta libera; 16 euro di imposta di bollo dove prevista.",
    ufficio: anagrafe,
    argomenti: ["Anagrafe", "Residenza"],
    pubblico: residenti,
    documento: "condizioni-certificati",
  }),
  103: sheet(site, {
    destinatari: "Chi trasferisce la residenza a Valverde o cambia indirizzo all'interno del Comune.",
    comeFare: "Compila la dichiarazione online entro 20 giorni dal trasloco e allega i documenti richiesti.",
    cosaServe: [
      spid,
      "I documenti d'identità di tutte le persone che cambiano residenza",
      "Il titolo di occupazione dell'abitazione",
    ],
    cosaSiOttiene: "L'iscrizione anagrafica al nuovo indirizzo, con effetto dalla data della dichiarazione.",
    tempi:
      "Il Comune registra il cambio entro 2 giorni lavorativi e conclude gli accertamenti entro 45 giorni.",
    scadenze: [
      { titolo: "Registrazione della dichiarazione", testo: "Entro 2 giorni lavorativi" },
      { titolo: "Conclusione degli accertamenti", testo: "Entro 45 giorni" },
    ],
    ufficio: anagrafe,
    argomenti: ["Residenza", "Anagrafe"],
    pubblico: "Cittadini che si trasferiscono a Valverde",
    documento: "condizioni-residenza",
  }),
  104: sheet(site, {
    destinatari: "Persone e imprese che occupano locali o aree a Valverde e ricevono l'avviso TARI.",
    comeFare: "Consulta gli avvisi nella tua area personale e paga con pagoPA, anche a rate.",
    cosaServe: [spid, "Il codice avviso pagoPA"],
    cosaSiOttiene: "La quietanza del pagamento, disponibile nell'area personale.",
    tempi: "La TARI si paga in due rate.",
    scadenze: [
      { titolo: "Prima rata", data: "2026-07-31" },
      { titolo: "Seconda rata", data: "2026-12-02" },
    ],
    costi: "L'importo dipende dalla superficie e dal numero di occupanti, come indicato nell'avviso.",
    ufficio: tributi,
    argomenti: ["Imposte", "Gestione rifiuti"],
    pubblico: "Contribuenti TARI",
    tipo: "Tributi, finanze e contravvenzioni",
    documento: "regolamento-tari",
  }),
  105: sheet(site, {
    destinatari: "Chiunque debba versare al Comune un importo senza avviso di pagamento.",
    comeFare: "Scegli il motivo del pagamento, indica l'importo e paga con pagoPA.",
    cosaServe: ["La causale e l'importo da versare"],
    cosaSiOttiene: "La ricevuta di pagamento pagoPA.",
    tempi: "Il pagamento è registrato entro il giorno lavorativo successivo.",
    costi: "L'importo indicato, più l'eventuale commissione del prestatore di servizi di pagamento.",
    ufficio: tributi,
    argomenti: ["Imposte"],
    pubblico: "Cittadini e imprese",
    documento: "condizioni-pagamenti",
  }),
  106: sheet(site, {
    destinatari: "Professionisti e cittadini che presentano pratiche edilizie.",
    comeFare: "Calcola i diritti dovuti per la pratica e pagali online tramite MyPay.",
    cosaServe: ["Il numero della pratica edilizia", "L'importo dei diritti"],
    cosaSiOttiene: "La ricevuta da allegare alla pratica.",
    tempi: "La ricevuta è disponibile subito dopo il pagamento.",
    costi: "Secondo il tariffario dei diritti di segreteria.",
    ufficio: tributi,
    argomenti: ["Imposte", "Urbanistica ed edilizia"],
    pubblico: "Professionisti e cittadini",
    documento: "tariffario-diritti",
  }),
  107: sheet(site, {
    destinatari: "Chi ha ricevuto un verbale della Polizia locale di Valverde.",
    comeFare: "Inserisci il numero del verbale e paga con pagoPA entro i termini.",
    cosaServe: ["Il numero del verbale", "La targa del veicolo"],
    cosaSiOttiene: "L'estinzione della sanzione e la ricevuta di pagamento.",
    tempi: "Pagando entro 5 giorni la sanzione è ridotta del 30%; il termine ordinario è di 60 giorni.",
    scadenze: [
      { titolo: "Pagamento ridotto", testo: "Entro 5 giorni dalla notifica" },
      { titolo: "Pagamento ordinario", testo: "Entro 60 giorni dalla notifica" },
    ],
    costi: "L'importo indicato nel verbale.",
    ufficio: polizia,
    argomenti: ["Mobilità sostenibile", "Polizia locale e sicurezza"],
    pubblico: "Destinatari di verbali",
    documento: "condizioni-contravvenzioni",
  }),
  108: sheet(site, {
    destinatari: "Genitori di bambini iscritti alle scuole dell'infanzia e primarie di Valverde.",
    comeFare: "Compila la domanda online indicando le scuole, i giorni di frequenza ed eventuali diete.",
    cosaServe: [
      spid,
      "L'attestazione ISEE, per le tariffe agevolate",
      "Il certificato medico per le diete speciali",
    ],
    cosaSiOttiene: "L'iscrizione al servizio di ristorazione scolastica per l'anno scolastico.",
    tempi: "Le iscrizioni sono aperte dal 1° giugno al 15 luglio.",
    scadenze: [
      { titolo: "Apertura iscrizioni", data: "2026-06-01" },
      { titolo: "Chiusura iscrizioni", data: "2026-07-15" },
    ],
    costi: "Da 2,10 a 5,20 euro a pasto, secondo l'ISEE.",
    ufficio: scuola,
    argomenti: ["Istruzione"],
    pubblico: "Famiglie con figli in età scolare",
    documento: "regolamento-mensa",
  }),
  109: sheet(site, {
    destinatari: "Persone con capacità di deambulazione impedita o sensibilmente ridotta.",
    comeFare: "Prenota un appuntamento con la Polizia locale e porta il certificato medico-legale.",
    cosaServe: [
      "Il certificato dell'Ufficio medico-legale dell'ASL",
      "Una fototessera",
      "Un documento d'identità",
    ],
    cosaSiOttiene: "Il contrassegno europeo di parcheggio, valido 5 anni.",
    tempi: "Il contrassegno è rilasciato entro 30 giorni dalla domanda.",
    ufficio: polizia,
    argomenti: ["Disabilità", "Mobilità sostenibile"],
    pubblico: "Persone con disabilità",
    documento: "condizioni-contrassegno",
  }),
  110: sheet(site, {
    destinatari: "Chiunque voglia segnalare un problema nel territorio di Valverde.",
    comeFare: "Descrivi il problema, indica il luogo e aggiungi, se vuoi, una fotografia.",
    cosaServe: ["La posizione o l'indirizzo del disservizio"],
    cosaSiOttiene: "La presa in carico della segnalazione e gli aggiornamenti sul suo esito.",
    tempi: "La segnalazione è presa in carico entro 3 giorni lavorativi.",
    ufficio: urp,
    argomenti: ["Gestione rifiuti", "Trasporto pubblico"],
    pubblico: "Cittadini, imprese e visitatori",
    documento: "condizioni-segnalazioni",
  }),
  111: sheet(site, {
    destinatari: "Chiunque abbia bisogno di informazioni o aiuto dagli uffici comunali.",
    comeFare: "Scrivi la tua richiesta scegliendo la categoria e il servizio interessato.",
    cosaServe: ["Un indirizzo e-mail per ricevere la risposta"],
    cosaSiOttiene: "La risposta dell'ufficio competente per e-mail.",
    tempi: "Gli uffici rispondono entro 5 giorni lavorativi.",
    ufficio: urp,
    argomenti: ["Comunicazione istituzionale"],
    pubblico: "Cittadini e imprese",
    documento: "condizioni-assistenza",
  }),
  112: sheet(site, {
    destinatari: "Persone anziane o non autosufficienti residenti a Valverde e i loro familiari.",
    comeFare:
      "Compila la domanda online e allega l'ISEE; un'assistente sociale ti contatterà per un colloquio.",
    cosaServe: [spid, "L'attestazione ISEE socio-sanitaria", "La certificazione di non autosufficienza"],
    cosaSiOttiene: "Un contributo mensile per l'assistenza a domicilio.",
    tempi: "La domanda è valutata entro 60 giorni.",
    scadenze: [{ titolo: "Scadenza del bando", data: "2026-12-31" }],
    ufficio: sociale,
    argomenti: ["Assistenza sociale", "Salute"],
    pubblico: "Anziani e persone non autosufficienti",
    tipo: "Salute, benessere e assistenza",
    documento: "bando-assistenza-domiciliare",
  }),
  113: sheet(site, {
    destinatari: "Famiglie residenti a Valverde.",
    comeFare:
      "Prenota il ritiro indicando gli oggetti e l'indirizzo; lasciali fuori casa il giorno concordato.",
    cosaServe: ["L'elenco degli oggetti da ritirare"],
    cosaSiOttiene: "Il ritiro gratuito a domicilio, fino a 5 pezzi.",
    tempi: "Il ritiro avviene entro 15 giorni dalla prenotazione.",
    ufficio: ambiente,
    argomenti: ["Gestione rifiuti"],
    pubblico: residenti,
    documento: "condizioni-ingombranti",
  }),
  114: sheet(site, {
    destinatari: "Cittadini a cui il Comune ha emesso documenti.",
    comeFare: "Accedi all'area personale con SPID o CIE e apri la sezione Documenti.",
    cosaServe: [spid],
    cosaSiOttiene: "I documenti emessi a tuo nome, da consultare e scaricare.",
    tempi: "I documenti sono disponibili appena emessi.",
    ufficio: urp,
    argomenti: ["Comunicazione istituzionale", "Anagrafe"],
    pubblico: residenti,
    documento: "condizioni-documenti",
  }),
  115: sheet(site, {
    destinatari: "Chiunque debba recarsi agli sportelli del Comune.",
    comeFare: "Scegli l'ufficio, la data e l'orario, indica il motivo e lascia i tuoi recapiti.",
    cosaServe: ["Un indirizzo e-mail per ricevere la conferma"],
    cosaSiOttiene: "La conferma dell'appuntamento per e-mail.",
    tempi: "Puoi prenotare fino a 60 giorni prima.",
    ufficio: urp,
    argomenti: ["Comunicazione istituzionale"],
    pubblico: "Cittadini e imprese",
    documento: "condizioni-appuntamenti",
  }),
};
