/** Every Italian text of the appointments pages (one place, so wording stays consistent). */
export const texts = {
  title: "Prenotazione appuntamento",
  lead: "Scegli l'ufficio, il giorno e l'orario, poi indica il motivo dell'appuntamento.",
  leadFromService: (service: string) => `Prenota un appuntamento per il servizio «${service}».`,
  breadcrumbServices: "Servizi",
  back: "Indietro",
  next: "Avanti",
  confirm: "Conferma e invia",
  edit: "Modifica",
  requiredNote: "I campi contrassegnati da * sono obbligatori.",

  restarted:
    "I dati della prenotazione salvati nel browser non erano validi e sono stati cancellati: ricomincia dal primo passo.",
  restartedTitle: "Prenotazione ricominciata",
  alreadySentTitle: "Prenotazione già inviata",
  alreadySent:
    "Questa prenotazione è già stata inviata e non ne è stata creata un'altra: trovi i dettagli nella e-mail di conferma. Per un nuovo appuntamento ricomincia da qui.",

  loginRequiredTitle: "Accedi per prenotare un appuntamento",
  loginRequired:
    "In questo Comune la prenotazione degli appuntamenti è riservata a chi accede con la propria identità digitale (SPID o CIE). Dopo l'accesso tornerai a questo punto della prenotazione.",
  loginRequiredEditTitle: "Accedi per gestire il tuo appuntamento",
  loginRequiredEdit:
    "Per modificare o annullare un appuntamento accedi con la tua identità digitale (SPID o CIE). Dopo l'accesso tornerai a questa pagina.",
  loginLink: "Accedi all'area personale",

  place: {
    heading: "Luogo",
    category: "Categoria",
    categoryPlaceholder: "Scegli la categoria",
    categoryHint: "Scegli l'ambito del tuo appuntamento, poi l'ufficio.",
    showOffices: "Mostra uffici",
    office: "Ufficio",
    officePlaceholder: "Scegli l'ufficio",
    officeHint: "Scegli l'ufficio a cui vuoi richiedere l'appuntamento",
    noOffices: "In questa categoria non ci sono uffici prenotabili.",
    chooseCategory: "Scegli una categoria",
    chooseOffice: "Scegli un ufficio",
    unknownOffice: "L'ufficio scelto non è disponibile: scegline un altro",
    address: "Indirizzo",
    virtual: "Appuntamento in videochiamata",
  },

  date: {
    heading: "Data e orario",
    intro: "Scegli un giorno disponibile nel calendario, poi l'orario.",
    calendar: "Giorni disponibili",
    previousMonth: "Mese precedente",
    nextMonth: "Mese successivo",
    unavailable: "non disponibile",
    selected: "selezionato",
    today: "oggi",
    times: (day: string) => `Orari disponibili ${day}`,
    timesNoDay: "Scegli prima un giorno nel calendario.",
    time: "Orario",
    noTimes: "In questo giorno non ci sono più orari liberi: scegli un altro giorno.",
    chooseDay: "Scegli un giorno disponibile nel calendario",
    dayNotAvailable: "La data scelta non è disponibile: scegli un giorno evidenziato nel calendario.",
    dayOutOfRange: "Puoi prenotare solo da oggi a sei mesi da oggi: scegli un giorno nel calendario.",
    chooseTime: "Scegli un orario",
    slotTaken: "L'orario scelto non è più disponibile: scegline un altro.",
    at: "ore",
    officeRecap: "Ufficio scelto",
  },

  details: {
    heading: "Dettagli appuntamento",
    reason: "Motivo",
    reasonPlaceholder: "Scegli il motivo dell'appuntamento",
    details: "Dettagli",
    detailsHint: "Aggiungi ulteriori dettagli. Inserire massimo 200 caratteri",
    chooseReason: "Scegli il motivo dell'appuntamento",
    unknownReason: "Il motivo scelto non è tra quelli dell'ufficio: scegline un altro",
  },

  requester: {
    heading: "Richiedente",
    aboutYou: "Informazioni su di te",
    nome: "Nome",
    cognome: "Cognome",
    email: "Email",
    emailHint: "Riceverai qui la conferma e il link per modificare o annullare l'appuntamento.",
    fiscalCode: "Codice fiscale",
    fiscalCodeHint: "Facoltativo.",
    fromIdentity: "Dati forniti dall'identità digitale",
    fromIdentityNote:
      "Nome, cognome e codice fiscale sono forniti dall'identità digitale e non si possono modificare.",
    loginInvite: "Hai SPID o CIE? Accedi e ritrova i tuoi dati già compilati.",
    loginInviteLink: "Accedi con la tua identità digitale",
  },

  summary: {
    heading: "Riepilogo",
    declaration:
      "Le informazioni che hai fornito hanno valore di dichiarazione. Verifica che siano corrette.",
    office: "Ufficio",
    when: "Data e orario",
    details: "Dettagli appuntamento",
    requester: "Richiedente",
    reason: "Motivo",
    detailsText: "Dettagli",
    address: "Indirizzo",
    legal: "Informativa sulla privacy",
    privacy: "Ho letto e compreso l'informativa sulla privacy",
    privacyRequired: "Per inviare la prenotazione conferma di aver letto l'informativa sulla privacy",
    rejected: "Il servizio del Comune non ha accettato la prenotazione",
    status: "Stato",
  },

  success: {
    title: "Appuntamento confermato",
    editedTitle: "Appuntamento modificato",
    lead: (email: string | null) =>
      email
        ? `Abbiamo inviato il riepilogo all'indirizzo ${email}, con il link per modificare o annullare l'appuntamento.`
        : "Abbiamo inviato il riepilogo al tuo indirizzo e-mail.",
    pending: "L'ufficio deve ancora approvare la richiesta: riceverai una e-mail quando sarà approvata.",
    index: "Indice della pagina",
    summary: "Riepilogo",
    whatToBring: "Cosa serve",
    address: "Indirizzo",
    videoCall: "Link della videochiamata",
    addToCalendar: "Aggiungi al tuo calendario",
    calendarHint: "Scarica il file dell'appuntamento e aprilo con il tuo calendario.",
    download: "Scarica il file del calendario (.ics)",
    manage: "Gestisci l'appuntamento",
    manageByMail: "Per modificare o annullare l'appuntamento usa il link che trovi nella e-mail di conferma.",
    editLink: "Modifica appuntamento",
    cancelLink: "Annulla appuntamento",
    code: "Codice appuntamento",
    personalArea: "Vai all'area personale",
    newBooking: "Prenota un altro appuntamento",
    alreadySentTitle: "Prenotazione già inviata",
    alreadySent:
      "Questa prenotazione è già stata inviata: ecco l'appuntamento prenotato, non ne è stato creato un altro.",
  },

  editFlow: {
    title: "Modifica appuntamento",
    lead: "Cambia il giorno, l'orario o i dettagli del tuo appuntamento.",
    current: "Appuntamento attuale",
    confirm: "Conferma la modifica",
  },

  cancel: {
    title: "Annulla appuntamento",
    question: "Vuoi davvero annullare questo appuntamento?",
    irreversible: "L'annullamento non si può revocare: se cambi idea dovrai prenotare di nuovo.",
    yes: "Sì, annulla l'appuntamento",
    no: "No, torna indietro",
    successTitle: "Appuntamento annullato",
    successLead: "Il tuo appuntamento è stato annullato. Ti abbiamo inviato una e-mail di conferma.",
  },

  notFound: {
    title: "Appuntamento non trovato",
    message: "L'appuntamento che cerchi non esiste oppure non è tra i tuoi appuntamenti.",
    linkTitle: "Appuntamento non trovato o scaduto",
    linkMessage:
      "Il link non corrisponde a nessun appuntamento in programma: l'appuntamento potrebbe essere già passato o annullato.",
    malformedTitle: "Link non valido",
    malformedMessage:
      "Il link che hai aperto non è completo o non è corretto: copialo di nuovo dalla e-mail ricevuta.",
    serviceTitle: "Servizio non trovato",
    serviceMessage: "Il servizio indicato non esiste o non prevede la prenotazione di appuntamenti.",
    closedTitle: "Appuntamento non modificabile",
    closedMessage: "Questo appuntamento è già passato, annullato o rifiutato e non si può più modificare.",
    toBooking: "Vai alla prenotazione appuntamento",
  },
} as const;
