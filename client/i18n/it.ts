/**
 * The base catalogue: the Italian (default) texts of the frame every page renders (header, footer, page end, error
 * page) and of the pages without a catalogue of their own (home, FAQ, rating, maintenance…). It is in the chunk every
 * page loads, so a feature's texts are not here: they are its own catalogue (`xxxIt` in its `texts.ts`), which the
 * feature's components pass to `useT(xxxIt)` (server code: `serverT(context, xxxIt)`), so that only the pages that
 * show them load them. `{name}` placeholders are filled by `t(key, { name })`; a count picks `key.one` / `key.other`
 * (`Intl.PluralRules`).
 */
export const it = {
  "common.newWindow": "(si apre in una nuova finestra)",

  "skip.content": "Vai ai contenuti",
  "skip.footer": "Vai al footer",

  "sandbox.title": "Ambiente dimostrativo:",
  "sandbox.body": "i dati sono fittizi e nessuna richiesta viene inviata al Comune.",

  "degraded.title": "Alcuni servizi non sono al momento disponibili.",
  "degraded.body":
    "Il servizio del Comune non risponde: puoi consultare le pagine informative, riprova più tardi ad accedere ai servizi online.",

  "header.tagline": "Portale del Cittadino",
  "header.language": "Lingua del sito",
  "header.login": "Accedi all'area personale",
  "header.personalArea": "Area personale",
  "header.profile": "Profilo",
  "header.logout": "Esci",

  "dev.simulateLogout": "Simula logout",
  "dev.simulateLogin": "Simula login",

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
  "footer.own.faq": "Leggi le FAQ",
  "footer.own.assistance": "Richiesta d'assistenza",
  "footer.own.booking": "Prenotazione appuntamento",
  "footer.own.report": "Segnalazione disservizio",
  "footer.own.privacy": "Informativa privacy",
  "footer.own.legalNotes": "Note legali",
  "footer.own.accessibility": "Dichiarazione di accessibilità",

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
  "maintenance.regionLink": "Vai al portale della {regione}",
  "maintenance.homeLink": "Vai al sito del {comune}",

  "rating.title.page": "Quanto sono chiare le informazioni su questa pagina?",
  "rating.title.service": "Quanto è stato facile usare questo servizio?",
  "rating.legend": "Valuta da 1 a 5 stelle la pagina",
  "rating.star.one": "Valuta {count} stella su 5",
  "rating.star.other": "Valuta {count} stelle su 5",
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
  "upload.choose": "Carica file",
  "upload.chooseMany": "Carica file",
  "upload.chosen": "File scelto, da inviare:",
  "upload.held": "File allegato:",
  "upload.fitting": "Riduzione della foto per l'invio…",
  "upload.reduced": "{size}, foto ridotta da {from} per l'invio",

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

  "messageCard.read": "Letto",
  "messageCard.unread": "Non letto",

  "pagination.label": "Navigazione delle pagine",
  "pagination.previous": "Pagina precedente",
  "pagination.next": "Pagina successiva",
  "pagination.page": "Pagina",

  "faq.routeTitle": "FAQ",
  "faq.title": "Domande frequenti",
  "faq.lead": "Le risposte alle domande più comuni sui servizi del Comune.",
  "faq.searchLabel": "Cerca nelle domande frequenti",
  "faq.searchSubmit": "Cerca",
  "faq.searchPageTitle": "Ricerca",
  "faq.categories": "Categorie",
  "faq.noCategories": "Il Comune non ha ancora pubblicato domande frequenti.",
  "faq.resultsTitle": "Risultati della ricerca",
  "faq.resultsNone": "Nessuna domanda trovata per «{query}».",
  "faq.results.one": "{count} domanda trovata per «{query}».",
  "faq.results.other": "{count} domande trovate per «{query}».",
  "faq.resultsHint": "Prova con parole diverse oppure sfoglia le categorie.",
  "faq.searchTooShort": "Scrivi almeno due caratteri da cercare.",
  "faq.subcategories": "Sottocategorie",
  "faq.questions": "Domande",
  "faq.noQuestions": "In questa categoria non ci sono domande.",
  "faq.allCategories": "Tutte le categorie",
  "faq.backToFaq": "Torna alle domande frequenti",
  "faq.backToCategory": "Altre domande in «{name}»",
  "faq.notFound.title": "Domanda non trovata",
  "faq.notFound.text": "La domanda che cerchi non esiste o non è più disponibile.",
  "faq.categoryNotFound.title": "Categoria non trovata",
  "faq.categoryNotFound.text": "La categoria che cerchi non esiste o non è più disponibile.",
  "faq.unavailable": "Le domande frequenti non sono disponibili in questo momento. Riprova più tardi.",

  "service.breadcrumb": "Servizi",
  "service.statusActive": "Servizio attivo",
  "service.statusInactive": "Servizio non attivo",
  "service.category": "Categoria",
  "service.pageIndex": "Indice della pagina",
  "service.access.title": "Accedi al servizio",
  "service.access.onlineText": "Puoi usare il servizio online, con la tua identità digitale (SPID o CIE).",
  "service.access.online": "Accedi al servizio",
  "service.access.bookingText": "Puoi prenotare un appuntamento presso gli uffici del Comune.",
  "service.access.booking": "Prenota appuntamento",
  "service.access.inactive":
    "Il servizio non è attivo in questo momento. Riprova più tardi oppure contatta il Comune.",
  "service.delegation.title": "Delega",
  "service.delegation.text":
    "Puoi usare questo servizio anche per conto di un'altra persona che ti ha delegato.",
  "service.moreInfo.title": "Ulteriori informazioni",
  "service.moreInfo.link": "Leggi la scheda del servizio sul sito del Comune",
  "service.contacts.title": "Contatti",
  "service.contacts.assistance": "Richiedi assistenza",
  "service.contacts.faq": "Leggi la domanda frequente sul servizio",
  "service.notFound.title": "Servizio non trovato",
  "service.notFound.text": "Il servizio che cerchi non esiste o non è più disponibile.",
  "meta.description":
    "{title}: una pagina dei servizi online del {comune}, per prenotare, pagare, segnalare e seguire le pratiche.",
  "home.title": "Servizi online",
  "home.lead": "I servizi digitali del {comune}: prenota, paga, segnala e segui le tue pratiche quando vuoi.",
  "home.highlights": "In evidenza",
  "home.booking.title": "Prenota un appuntamento",
  "home.booking.text": "Scegli ufficio, giorno e orario.",
  "home.assistance.title": "Richiedi assistenza",
  "home.assistance.text": "Scrivi al Comune, ti risponderemo via e-mail.",
  "home.report.title": "Segnala un disservizio",
  "home.report.text": "Un lampione spento, una buca, un rifiuto abbandonato.",
  "home.allServices": "Tutti i servizi",
  "home.noServices": "Al momento il Comune non ha pubblicato servizi online.",
  "services.unavailable": "I servizi del Comune non sono al momento disponibili. Riprova tra qualche minuto.",

  "common.home": "Home",
  "common.toOnlineServices": "Vai ai servizi online",
  "common.unread.one": "{count} messaggio non letto",
  "common.unread.other": "{count} messaggi non letti",
  "common.retryLater": "Riprova tra qualche minuto. Il resto dell'area personale è disponibile.",

  "logout.title": "Sei uscito dall'area personale",
  "logout.lead":
    "Hai chiuso la sessione: per rientrare nell'area personale accedi di nuovo con la tua identità digitale.",
  "logout.toHome": "Torna alla Homepage",
  "logout.confirm.title": "Vuoi uscire dall'area personale?",
  "logout.confirm.lead":
    "Sei arrivato qui da un altro sito. Esci solo se lo vuoi tu: i moduli che stai compilando andranno persi.",
  "logout.confirm.submit": "Esci",
  "logout.confirm.stay": "Resta nel portale",
  "serviceNotActive.title": "Servizio non attivo",
  "serviceNotActive.lead": "Il servizio non è attivo in questo momento.",
  "serviceNotActive.text": "Riprova più tardi oppure contatta il Comune per ricevere assistenza.",
  "serviceUnavailable.title": "Servizio non disponibile",
  "serviceUnavailable.lead": "Il servizio che hai cercato non è disponibile per questo Comune.",
  "serviceUnavailable.text":
    "Puoi consultare gli altri servizi online dalla pagina iniziale o contattare il Comune.",
  "service.routeTitle": "Servizio",

  "maintenance.denied": "Autorizzazione negata",
  "maintenance.tooManyAttempts.one": "Troppi tentativi di accesso. Riprova tra {count} minuto.",
  "maintenance.tooManyAttempts.other": "Troppi tentativi di accesso. Riprova tra {count} minuti.",

  "ratingPage.title": "Valuta la pagina",
  "ratingPage.stars": "Scegli un punteggio da 1 a 5 stelle.",
  "ratingPage.answer": "Scegli una delle risposte proposte.",
  "ratingPage.detailsTooLong": "Inserisci al massimo {count} caratteri.",
  "ratingPage.failed": "Non è stato possibile inviare la valutazione. Riprova tra qualche minuto.",

  "error.code": "Codice errore: {code}",
  "error.toHome": "Torna alla pagina iniziale",
  "error.toForm": "Apri di nuovo il modulo",
  "download.failed": "Non è stato possibile scaricare il file. Controlla la connessione e riprova.",
  "error.400.title": "Richiesta non valida",
  "error.400.message": "La richiesta contiene dati non validi.",
  "error.401.title": "Accesso richiesto",
  "error.401.message": "Per vedere questa pagina devi accedere con la tua identità digitale.",
  "error.403.title": "Accesso negato",
  "error.403.message": "Non hai i permessi per vedere questa pagina.",
  "error.404.title": "Pagina non trovata",
  "error.404.message": "La pagina che cerchi non esiste o è stata spostata.",
  "error.413.title": "Contenuto troppo grande",
  "error.413.message": "Il contenuto inviato supera la dimensione consentita.",
  "error.502.title": "Servizio non disponibile",
  "error.502.message": "Il servizio del Comune non risponde correttamente. Riprova tra qualche minuto.",
  "error.503.title": "Servizio non disponibile",
  "error.503.message": "Il servizio è momentaneamente non disponibile.",
  "error.504.title": "Servizio non disponibile",
  "error.504.message": "Il servizio del Comune non ha risposto in tempo. Riprova tra qualche minuto.",
  "error.other.title": "Si è verificato un errore",
  "error.other.message": "Qualcosa non ha funzionato. Riprova tra qualche minuto.",

  "form.fileTooLarge": "Ogni file allegato può essere al massimo di {size} MB.",
  "form.tooManyFiles": "Puoi allegare al massimo {count} file.",
  "form.uploading.one": "Invio del file allegato in corso ({size} MB)…",
  "form.uploading.other": "Invio di {count} file allegati in corso ({size} MB)…",
  "form.xsrfRejected":
    "La richiesta non è stata accettata perché il modulo è scaduto o non proviene da questo portale: non è stato inviato nulla. Apri di nuovo il modulo e riprova.",
  "form.unreadable": "Il modulo inviato non è leggibile. Ricarica la pagina e riprova.",
  "flow.summaryChanged.title": "Il riepilogo è cambiato",
  "flow.summaryChanged.text":
    "I dati sono stati modificati, ad esempio in un'altra finestra, dopo che avevi aperto il riepilogo: la richiesta non è stata inviata. Controlla i dati qui sotto e conferma di nuovo.",

  "store.quota":
    "Hai già molti file o richieste in sospeso su questo portale: completa o annulla quelli in corso, oppure riprova tra qualche minuto. Quello che hai scritto è stato conservato.",
  "store.unavailable":
    "Il servizio che conserva i dati dei moduli non risponde in questo momento: riprova tra qualche minuto. Quello che hai scritto è stato conservato.",
  "store.full":
    "Il portale ha troppe richieste in corso e non può conservare i tuoi dati in questo momento: riprova tra qualche minuto. Quello che hai scritto è stato conservato.",
} as const satisfies Record<string, string>;

/** The keys of the base catalogue: what `t` accepts without a feature catalogue. */
export type BaseKey = keyof typeof it;
