/** Italian (default) strings of the portal shell. `{name}` placeholders are filled by `t(key, { name })`. */
export const it = {
  "common.newWindow": "(si apre in una nuova finestra)",

  "skip.content": "Vai ai contenuti",
  "skip.footer": "Vai al footer",

  "sandbox.title": "Ambiente dimostrativo:",
  "sandbox.body": "i dati sono fittizi e nessuna richiesta viene inviata al Comune.",

  "header.tagline": "Portale del Cittadino",
  "header.language": "Lingua del sito",
  "header.login": "Accedi all'area personale",
  "header.personalArea": "Area personale",
  "header.profile": "Profilo",
  "header.logout": "Esci",

  "dev.simulateLogout": "Simula logout",
  "dev.simulateLogin": "Simula login",

  "delegator.region": "Delega attiva",
  "delegator.text": "Stai utilizzando il servizio per conto di {nome} {cognome} ({codiceFiscale})",
  "delegator.clear": "Cancella delegato",

  "nav.site": "Navigazione del sito",
  "nav.main": "Menu principale",
  "nav.topics": "Menu argomenti",
  "nav.open": "Apri il menu",
  "nav.close": "Chiudi il menu",

  "search.label": "Cerca",
  "search.open": "Cerca nel sito",
  "search.title": "Cerca per parola chiave",
  "search.input": "Parole da cercare",
  "search.submit": "Cerca",
  "search.emptyHint": "Scrivi almeno una parola da cercare.",

  "social.followUs": "Seguici su",

  "footer.euLogo": "Logo Unione Europea",
  "footer.contacts": "Contatti",
  "footer.smallPrints": "Link utili",

  "contacts.title": "Contatta il comune",
  "contacts.faq": "Leggi le domande frequenti",
  "contacts.assistance": "Richiedi assistenza",
  "contacts.booking": "Prenota appuntamento",
  "contacts.problems": "Problemi in città",
  "contacts.report": "Segnala disservizio",

  "breadcrumb.label": "Percorso di navigazione",

  "toast.defaultTitle": "Attenzione",
  "toast.close": "Chiudi notifica",

  "spinner.loading": "Caricamento in corso…",

  "modal.close": "Chiudi la finestra",

  "maintenance.title": "Servizio in manutenzione",
  "maintenance.lead":
    "I servizi online del {comune} sono temporaneamente non disponibili per lavori di manutenzione.",
  "maintenance.operators": "Se sei un operatore autorizzato, accedi con le credenziali di manutenzione.",
  "maintenance.username": "Nome utente",
  "maintenance.password": "Password",
  "maintenance.submit": "Conferma",
  "maintenance.submitting": "Verifica delle credenziali in corso",
  "maintenance.regionLink": "Vai al portale {regione}",
  "maintenance.homeLink": "Vai al sito del {comune}",

  "rating.title.page": "Quanto sono chiare le informazioni su questa pagina?",
  "rating.title.service": "Quanto è stato facile usare questo servizio?",
  "rating.legend": "Valuta da 1 a 5 stelle la pagina",
  "rating.star": "Valuta {n} stelle su 5",
  "rating.negative.question": "Dove hai incontrato le maggiori difficoltà?",
  "rating.negative.1": "A volte le indicazioni non erano chiare",
  "rating.negative.2": "A volte le indicazioni non erano complete",
  "rating.negative.3": "A volte non capivo se stavo procedendo correttamente",
  "rating.negative.4": "Ho avuto problemi tecnici",
  "rating.positive.question": "Quali sono stati gli aspetti che hai preferito?",
  "rating.positive.1": "Le indicazioni erano chiare",
  "rating.positive.2": "Le indicazioni erano complete",
  "rating.positive.3": "Capivo sempre che stavo procedendo correttamente",
  "rating.positive.4": "Non ho avuto problemi tecnici",
  "rating.other": "Altro",
  "rating.details": "Vuoi aggiungere altri dettagli?",
  "rating.honeypot": "Non compilare questo campo",
  "rating.submit": "Invia",
  "rating.sending": "Invio in corso",
  "rating.thanks": "Grazie, il tuo parere ci aiuterà a migliorare il servizio!",
  "rating.errors.rating": "Seleziona da 1 a 5 stelle.",
  "rating.errors.option": "Seleziona una delle risposte.",

  "field.required": "obbligatorio",
  "field.requiredMessage": "Campo obbligatorio",
  "field.clear": "Cancella il campo {label}",
  "field.charactersLeft": "Caratteri rimanenti: {count}",

  "errors.summaryTitle": "Correggi i seguenti errori",

  "stepper.label": "Passaggi della procedura: passo {current} di {total}",
  "stepper.active": "Attivo",
  "stepper.confirmed": "Confermato",

  "callout.info": "Informazione",
  "callout.success": "Completato",
  "callout.warning": "Attenzione",
  "callout.danger": "Errore",
  "callout.important": "Importante",
  "callout.note": "Nota",

  "pagination.label": "Navigazione delle pagine",
  "pagination.previous": "Pagina precedente",
  "pagination.next": "Pagina successiva",
  "pagination.page": "Pagina",
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof it;
