/**
 * The assistance request (`/nuova-richiesta`), its e-mail verification, `/feedback` and the drafts: the
 * `assistance.*` keys in Italian, the source of the keys (English: ./texts.en.ts, the same keys). A component passes
 * `assistanceIt` to `useT` (server code to `serverT` / `translatorFor`) to read them.
 */
export const assistanceIt = {
  "assistance.title": "Richiesta assistenza",
  "assistance.breadcrumb": "Assistenza",
  "assistance.lead": "Chiedi aiuto al Comune su un servizio: ti risponderemo al più presto.",
  "assistance.requiredNote": "I campi contraddistinti dal simbolo (*) sono obbligatori",
  "assistance.loginPrompt": "Hai già un'identità digitale SPID o CIE?",
  "assistance.login": "Accedi",
  "assistance.requester": "Richiedente",
  "assistance.requesterLocked": "Nome, cognome e codice fiscale vengono dalla tua identità digitale.",
  "assistance.firstName": "Nome",
  "assistance.lastName": "Cognome",
  "assistance.fiscalCode": "Codice fiscale",
  "assistance.email": "Email",
  "assistance.phone": "Telefono",
  "assistance.phonePrefix": "+39",
  "assistance.phoneHint": "Numero di cellulare senza prefisso internazionale",
  "assistance.request": "Richiesta",
  "assistance.service": "Servizio",
  "assistance.servicePlaceholder": "Seleziona il servizio",
  "assistance.subService": "Tipologia problematica",
  "assistance.subServicePlaceholder": "Seleziona la tipologia",
  "assistance.subServiceFirst": "Scegli prima il servizio",
  "assistance.updateSubServices": "Aggiorna tipologie",
  "assistance.updateSubServicesHint":
    "Dopo aver scelto il servizio premi «Aggiorna tipologie» per vedere le tipologie.",
  "assistance.details": "Dettagli",
  "assistance.detailsHint": "Inserisci al massimo 600 caratteri",
  "assistance.attachment": "Allegato",
  "assistance.attachmentHint":
    "Formati ammessi: .doc .docx .xls .xlsx .pdf .jpg .png, dimensione massima 2 MB",
  "assistance.attachmentCurrent": "File allegato: {name}",
  "assistance.attachmentExpired":
    "Il file allegato ({name}) non è più disponibile: allegalo di nuovo prima di inviare la richiesta.",
  "assistance.attachmentRemove": "Rimuovi l'allegato {name}",
  "assistance.attachmentReplace": "Per sostituirlo scegli un altro file.",
  "assistance.privacy": "Privacy",
  "assistance.privacyRead": "Leggi l'informativa sulla privacy",
  "assistance.privacyFailed":
    "Non è stato possibile caricare l'informativa sulla privacy, riprova più tardi.",
  "assistance.privacyAccept": "Ho letto e compreso l'informativa sulla privacy",
  "assistance.privacyRequired": "Dichiara di aver letto l'informativa",
  "assistance.back": "Indietro",
  "assistance.saveDraft": "Salva richiesta",
  "assistance.send": "Invia",
  "assistance.required": "Campo obbligatorio",
  "assistance.fiscalCodeInvalid": "Inserisci un codice fiscale valido",
  "assistance.emailInvalid": "Inserisci un indirizzo e-mail valido",
  "assistance.phoneInvalid": "Inserisci un numero valido",
  "assistance.detailsTooLong": "Inserisci al massimo 600 caratteri",
  "assistance.subServiceInvalid": "Seleziona una tipologia del servizio scelto",
  "assistance.listsFailed": "Si è verificato un problema nel caricamento delle liste, riprova più tardi.",
  "assistance.sendFailed": "Non è stato possibile inviare la richiesta: riprova.",
  "assistance.sendUnsure":
    "Il servizio di assistenza non ha risposto in tempo: la richiesta potrebbe essere arrivata comunque. Premi di nuovo «Invia»: il portale controlla prima tra le tue richieste e non la invia due volte.",
  "assistance.sendPending":
    "L'invio precedente di questa richiesta è ancora in attesa di risposta dal servizio di assistenza: attendi qualche secondo e riprova. La richiesta non verrà inviata due volte.",
  "assistance.draftFailed": "Non è stato possibile salvare la bozza",
  "assistance.draftNotFound": "Bozza non trovata",
  "assistance.draftNotFoundDetails": "La bozza non esiste più o non è tua.",
  "assistance.draftResumed": "Stai riprendendo una bozza salvata.",
  "assistance.verify.title": "Verifica email",
  "assistance.verify.intro":
    "Per confermare la richiesta ti verrà inviato un codice di verifica all'indirizzo {email}",
  "assistance.verify.confirm": "Invia il codice",
  "assistance.verify.cancel": "Annulla",
  "assistance.verify.sent": "Abbiamo inviato un codice di verifica all'indirizzo {email}.",
  "assistance.verify.resent": "Ti abbiamo inviato un nuovo codice.",
  "assistance.verify.code": "Codice di verifica",
  "assistance.verify.codeHint": "Il codice di 5 cifre ricevuto via email, valido 5 minuti",
  "assistance.verify.codeFormat": "Inserisci il codice di 5 cifre",
  "assistance.verify.submit": "Conferma e invia la richiesta",
  "assistance.verify.resend": "Invia di nuovo il codice",
  "assistance.verify.wrong":
    "Il codice non è corretto o è scaduto: controlla il codice o chiedine uno nuovo. Tentativi rimasti: {left}.",
  "assistance.verify.tooManyTries":
    "Hai inserito un codice errato troppe volte: la richiesta è stata annullata. Compila di nuovo il modulo e chiedi un nuovo codice.",
  "assistance.verify.noCode": "Non c'è un codice valido per questa richiesta: chiedi un nuovo codice.",
  "assistance.verify.busy.one":
    "Un codice per questo codice fiscale è stato appena inviato a un altro indirizzo email: potrai chiederne uno per questo indirizzo tra {count} minuto.",
  "assistance.verify.busy.other":
    "Un codice per questo codice fiscale è stato appena inviato a un altro indirizzo email: potrai chiederne uno per questo indirizzo tra {count} minuti.",
  "assistance.verify.resendWait.one": "Puoi chiedere un nuovo codice tra {count} secondo.",
  "assistance.verify.resendWait.other": "Puoi chiedere un nuovo codice tra {count} secondi.",
  "assistance.verify.resendLimit":
    "Hai già chiesto il numero massimo di codici per questa richiesta: usa l'ultimo codice ricevuto o compila di nuovo il modulo.",
  "assistance.verify.sendLimit.one": "Sono stati chiesti troppi codici: riprova tra {count} minuto.",
  "assistance.verify.sendLimit.other": "Sono stati chiesti troppi codici: riprova tra {count} minuti.",
  "assistance.verify.sendCodeFailed":
    "Non è stato possibile inviare il codice di verifica, riprova più tardi.",
  "assistance.verify.sendFailed":
    "Il servizio non è disponibile, riprova più tardi: il codice ricevuto resta valido fino alla sua scadenza.",
  "assistance.verify.expiredFlow": "La richiesta non è più disponibile: compila di nuovo il modulo.",
  "assistance.feedback.sentTitle": "Richiesta inviata",
  "assistance.feedback.sent":
    "La richiesta di assistenza è stata inviata con successo, sarai ricontattato presto.",
  "assistance.feedback.summaryEmail": "Abbiamo inviato il riepilogo all'indirizzo e-mail {email}",
  "assistance.feedback.unsureTitle": "Richiesta non confermata",
  "assistance.feedback.unsure":
    "Il servizio di assistenza del Comune non ha confermato di aver ricevuto la tua richiesta: potrebbe essere stata registrata comunque. Per non inviarla due volte il portale non la invia di nuovo.",
  "assistance.feedback.unsureEmail":
    "Se è stata registrata, riceverai la risposta all'indirizzo {email}. Se entro qualche giorno non ricevi notizie, invia una nuova richiesta.",
  "assistance.feedback.unsureNoEmail":
    "Se entro qualche giorno non ricevi notizie, invia una nuova richiesta.",
  "assistance.feedback.draftTitle": "Bozza salvata",
  "assistance.feedback.draft":
    "La bozza della richiesta di assistenza è stata salvata con successo: puoi riprenderla dalla tua area riservata.",
  "assistance.feedback.personalArea": "Area riservata",
  "assistance.feedback.noneTitle": "Nessuna richiesta da mostrare",
  "assistance.feedback.none": "Questa pagina mostra l'esito di una richiesta di assistenza appena inviata.",
  "assistance.feedback.newRequest": "Fai una richiesta di assistenza",
  "assistance.drafts.title": "Bozze di richiesta",
  "assistance.drafts.empty": "Non ci sono bozze di richiesta",
  "assistance.drafts.loadFailed": "Non è stato possibile caricare le bozze di richiesta",
  "assistance.drafts.saved": "Salvata il {date}",
  "assistance.drafts.untitled": "Richiesta senza servizio",
  "assistance.drafts.resume": "Riprendi",
  "assistance.drafts.resumeLabel": "Riprendi la bozza {title} del {date}",
  "assistance.drafts.delete": "Elimina",
  "assistance.drafts.deleteLabel": "Elimina la bozza {title} del {date}",
  "assistance.drafts.deleteTitle": "Elimina bozza",
  "assistance.drafts.deleteQuestion":
    "Vuoi eliminare la bozza «{title}» del {date}? L'operazione non si può annullare.",
  "assistance.drafts.deleteConfirm": "Elimina la bozza",
  "assistance.drafts.deleteCancel": "Annulla",
  "assistance.drafts.deleteFailed": "Non è stato possibile eliminare la bozza, riprova più tardi.",
  "assistance.drafts.deleted": "Bozza eliminata",
};
