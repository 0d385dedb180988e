/**
 * The scheda servizio's texts: the `serviceCard.*` keys in Italian, the source of the keys (English: ./texts.en.ts,
 * the same keys). A component passes `serviceCardIt` to `useT` to read them. The section titles are the Modello
 * Comuni's, which the AGID checker compares case-sensitively on the Italian page: keep them as they are.
 */
export const serviceCardIt = {
  "serviceCard.addressed": "A chi è rivolto",
  "serviceCard.howTo": "Come fare",
  "serviceCard.needed": "Cosa serve",
  "serviceCard.achieved": "Cosa si ottiene",
  "serviceCard.calendar": "Tempi e scadenze",
  "serviceCard.costs": "Quanto costa",
  "serviceCard.conditions": "Condizioni di servizio",
  "serviceCard.conditionsText":
    "Per conoscere i dettagli di scadenze, requisiti e altre informazioni leggi i termini e le condizioni di servizio.",
  "serviceCard.conditionsFile": "{title} (PDF)",
  "serviceCard.topics": "Argomenti",
  "serviceCard.statusReason": "Motivo",
  "serviceCard.office": "Ufficio responsabile",
  "serviceCard.address": "Indirizzo",
  "serviceCard.videoCall": "Ricevimento in videochiamata",
  "serviceCard.videoCallLink": "Avvia la videochiamata con {office}",
  "serviceCard.phone": "Telefono",
  "serviceCard.email": "E-mail",
  "serviceCard.hours": "Orari",
  "serviceCard.bookingFromServiceText":
    "Puoi prenotare un appuntamento presso gli uffici competenti per questo servizio.",
  "serviceCard.genericText":
    "Puoi accedere al servizio rivolgendoti all'ufficio responsabile: trovi indirizzo, orari e recapiti in Contatti.",
  "serviceCard.genericLink": "Vai ai contatti dell'ufficio",
  "serviceCard.inactiveText":
    "Il servizio non è attivo in questo momento: riprova più tardi o contatta l'ufficio responsabile.",
};
