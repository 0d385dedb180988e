import type { SandboxServiceSheet } from "./content-types.ts";
import { office, sheet } from "./sheets.ts";

// Not in the public contract (issue #12): the scheda servizio of every Montealto service (a municipality without
// CMS: the portal is its services catalogue).
const site = "https://www.comune.montealto.it";
const place = { cap: "24030", comune: "Montealto" };
const orari = "Lunedì–venerdì 9:00–12:30; mercoledì anche 15:00–17:30.";

const sportello = office("Sportello Polifunzionale", {
  indirizzo: { via: "Piazza della Libertà, 3", ...place },
  telefono: "035 555 0100",
  email: "sportello@comune.montealto.it",
  orari,
});
const tributi = office("Ufficio Tributi", {
  indirizzo: { via: "Via Dante Alighieri, 21", ...place },
  telefono: "035 555 0120",
  email: "tributi@comune.montealto.it",
  orari,
});
const polizia = office("Polizia locale", {
  indirizzo: { via: "Via Roma, 40", ...place },
  telefono: "035 555 0150",
  email: "polizialocale@comune.montealto.it",
  orari,
});
const scuola = office("Ufficio Scuola e Cultura", {
  indirizzo: { via: "Viale Papa Giovanni XXIII, 8", ...place },
  telefono: "035 555 0130",
  email: "scuola@comune.montealto.it",
  orari,
});
const suap = office("Sportello Unico Attività Produttive", {
  indirizzo: { via: "Piazza della Libertà, 3", ...place },
  telefono: "035 555 0160",
  email: "suap@comune.montealto.it",
  orari,
});
const sociale = office("Servizi sociali – colloqui in videochiamata", {
  videochiamata: "https://meet.comune.montealto.it/servizi-sociali",
  telefono: "035 555 0140",
  email: "sociale@comune.montealto.it",
  orari: "Lunedì e mercoledì 9:00–12:00, su appuntamento.",
});

const residenti = "Cittadini residenti a Montealto";
const spid = "L'identità digitale SPID o la Carta d'identità elettronica (CIE)";

export const montealtoSheets: Record<number, SandboxServiceSheet> = {
  201: sheet(site, {
    destinatari: "Cittadini residenti a Montealto che devono richiedere o rinnovare la carta d'identità.",
    comeFare: "Prenota un appuntamento allo Sportello Polifunzionale e presentati con i documenti richiesti.",
    cosaServe: [
      "La carta d'identità scaduta o la denuncia di smarrimento",
      "Una fototessera recente",
      "La tessera sanitaria",
    ],
    cosaSiOttiene: "La carta d'identità elettronica, spedita per posta entro 6 giorni lavorativi.",
    tempi: "La carta arriva per posta entro 6 giorni lavorativi dalla richiesta.",
    scadenze: [
      { titolo: "Richiesta allo sportello", testo: "Il giorno dell'appuntamento" },
      { titolo: "Consegna a domicilio", testo: "Entro 6 giorni lavorativi" },
    ],
    costi: "22,21 euro; 27,37 euro in caso di smarrimento.",
    ufficio: sportello,
    argomenti: ["Anagrafe", "Documenti di identità"],
    pubblico: residenti,
    tipo: "Anagrafe e stato civile",
    documento: "condizioni-cie",
  }),
  202: sheet(site, {
    destinatari: "Cittadini iscritti all'anagrafe di Montealto.",
    comeFare: "Accedi al portale dell'Anagrafe nazionale con SPID o CIE e scarica il certificato.",
    cosaServe: [spid],
    cosaSiOttiene: "Il certificato anagrafico in PDF con sigillo elettronico.",
    tempi: "Il certificato è disponibile subito.",
    costi: "Gratuito.",
    ufficio: sportello,
    argomenti: ["Anagrafe", "Residenza"],
    pubblico: residenti,
    documento: "condizioni-certificati",
  }),
  203: sheet(site, {
    destinatari: "Proprietari di immobili a Montealto soggetti all'IMU.",
    comeFare: "Consulta le posizioni IMU e paga con pagoPA.",
    cosaServe: [spid, "Il codice avviso pagoPA"],
    cosaSiOttiene: "La quietanza del pagamento.",
    tempi: "L'IMU si paga in acconto e saldo.",
    scadenze: [
      { titolo: "Acconto", data: "2026-06-16" },
      { titolo: "Saldo", data: "2026-12-16" },
    ],
    costi: "L'importo calcolato sulle aliquote deliberate dal Comune.",
    ufficio: tributi,
    argomenti: ["Imposte"],
    pubblico: "Proprietari di immobili",
    tipo: "Tributi, finanze e contravvenzioni",
    documento: "regolamento-imu",
  }),
  204: sheet(site, {
    destinatari: "Chiunque debba versare al Comune un importo senza avviso.",
    comeFare: "Scegli il motivo del pagamento, indica l'importo e paga con pagoPA.",
    cosaServe: ["La causale e l'importo da versare"],
    cosaSiOttiene: "La ricevuta di pagamento pagoPA.",
    tempi: "Il pagamento è registrato entro il giorno lavorativo successivo.",
    costi: "L'importo indicato, più l'eventuale commissione.",
    ufficio: tributi,
    argomenti: ["Imposte"],
    pubblico: "Cittadini e imprese",
    documento: "condizioni-pagamenti",
  }),
  205: sheet(site, {
    destinatari: "Chi ha ricevuto un verbale della Polizia locale di Montealto.",
    comeFare: "Inserisci il numero del verbale e paga con pagoPA.",
    cosaServe: ["Il numero del verbale", "La targa del veicolo"],
    cosaSiOttiene: "L'estinzione della sanzione e la ricevuta.",
    tempi: "Pagando entro 5 giorni la sanzione è ridotta del 30%.",
    scadenze: [
      { titolo: "Pagamento ridotto", testo: "Entro 5 giorni dalla notifica" },
      { titolo: "Pagamento ordinario", testo: "Entro 60 giorni dalla notifica" },
    ],
    costi: "L'importo indicato nel verbale.",
    ufficio: polizia,
    argomenti: ["Polizia locale e sicurezza"],
    pubblico: "Destinatari di verbali",
    documento: "condizioni-sanzioni",
  }),
  206: sheet(site, {
    destinatari: "Famiglie con bambini da 3 a 36 mesi residenti a Montealto.",
    comeFare: "Presenta la domanda di iscrizione indicando l'orario di frequenza preferito.",
    cosaServe: [spid, "L'attestazione ISEE per le tariffe agevolate"],
    cosaSiOttiene: "Il posto all'asilo nido secondo la graduatoria.",
    tempi: "Le domande si presentano dal 1° marzo al 30 aprile; la graduatoria esce a giugno.",
    scadenze: [
      { titolo: "Chiusura delle domande", data: "2026-04-30" },
      { titolo: "Pubblicazione della graduatoria", data: "2026-06-15" },
    ],
    costi: "Retta mensile da 150 a 480 euro, secondo l'ISEE.",
    ufficio: scuola,
    argomenti: ["Istruzione", "Infanzia"],
    pubblico: "Famiglie con bambini piccoli",
    tipo: "Educazione e formazione",
    documento: "regolamento-asilo-nido",
  }),
  207: sheet(site, {
    destinatari: "Chiunque voglia usare i servizi della biblioteca civica.",
    comeFare: "Compila il modulo di iscrizione e ritira la tessera in biblioteca.",
    cosaServe: ["Un documento d'identità"],
    cosaSiOttiene: "La tessera per prestiti, consultazione e wi-fi.",
    tempi: "La tessera è pronta il giorno successivo.",
    ufficio: scuola,
    argomenti: ["Tempo libero", "Cultura"],
    pubblico: "Cittadini e visitatori",
    documento: "regolamento-biblioteca",
  }),
  208: sheet(site, {
    destinatari: "Imprese e cittadini che devono occupare temporaneamente il suolo pubblico.",
    comeFare: "Prenota un appuntamento con lo Sportello Unico e presenta la planimetria dell'area.",
    cosaServe: ["La planimetria dell'area da occupare", "Le date di inizio e fine"],
    cosaSiOttiene: "L'autorizzazione all'occupazione del suolo pubblico.",
    tempi: "L'autorizzazione è rilasciata entro 30 giorni.",
    costi: "Il canone unico patrimoniale, secondo la superficie e la durata.",
    ufficio: suap,
    argomenti: ["Commercio", "Urbanistica ed edilizia"],
    pubblico: "Imprese e cittadini",
    tipo: "Autorizzazioni",
    documento: "regolamento-suolo-pubblico",
  }),
  209: sheet(site, {
    destinatari: "Chiunque voglia segnalare un problema nel territorio di Montealto.",
    comeFare: "Descrivi il problema, indica il luogo e aggiungi, se vuoi, una fotografia.",
    cosaServe: ["La posizione o l'indirizzo del disservizio"],
    cosaSiOttiene: "La presa in carico e gli aggiornamenti sull'esito.",
    tempi: "La segnalazione è presa in carico entro 3 giorni lavorativi.",
    ufficio: sportello,
    argomenti: ["Gestione rifiuti"],
    pubblico: "Cittadini e visitatori",
    documento: "condizioni-segnalazioni",
  }),
  210: sheet(site, {
    destinatari: "Chiunque abbia bisogno di informazioni o aiuto dagli uffici comunali.",
    comeFare: "Scrivi la tua richiesta scegliendo la categoria e il servizio interessato.",
    cosaServe: ["Un indirizzo e-mail per ricevere la risposta"],
    cosaSiOttiene: "La risposta dell'ufficio competente per e-mail.",
    tempi: "Gli uffici rispondono entro 5 giorni lavorativi.",
    ufficio: sportello,
    argomenti: ["Comunicazione istituzionale"],
    pubblico: "Cittadini e imprese",
    documento: "condizioni-assistenza",
  }),
  211: sheet(site, {
    destinatari: "Famiglie in affitto sul libero mercato con ISEE fino a 26.000 euro.",
    comeFare:
      "Presenta la domanda durante l'apertura del bando; un'assistente sociale può aiutarti in videochiamata.",
    cosaServe: [spid, "Il contratto di affitto registrato", "L'attestazione ISEE"],
    cosaSiOttiene: "Un contributo annuale per il pagamento dell'affitto.",
    tempi: "Il bando apre una volta all'anno.",
    scadenze: [{ titolo: "Apertura del bando 2026", data: "2026-09-01" }],
    ufficio: sociale,
    argomenti: ["Abitazione", "Assistenza sociale"],
    pubblico: "Famiglie in affitto",
    tipo: "Salute, benessere e assistenza",
    documento: "bando-contributo-affitto",
  }),
  212: sheet(site, {
    destinatari: "Chiunque debba recarsi agli uffici del Comune.",
    comeFare: "Scegli l'ufficio, la data e l'orario, indica il motivo e lascia i tuoi recapiti.",
    cosaServe: ["Un indirizzo e-mail per ricevere la conferma"],
    cosaSiOttiene: "La conferma dell'appuntamento per e-mail.",
    tempi: "Puoi prenotare fino a 60 giorni prima.",
    ufficio: sportello,
    argomenti: ["Comunicazione istituzionale"],
    pubblico: "Cittadini e imprese",
    documento: "condizioni-appuntamenti",
  }),
};
