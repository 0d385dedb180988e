/**
 * The scheda servizio's part of the catalogue (`serviceCard.*` keys, spread into `client/i18n/it.ts` and `en.ts`):
 * Italian is the source of the keys, English must have exactly the same ones. The section titles are the Modello
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

export const serviceCardEn: Record<keyof typeof serviceCardIt, string> = {
  // The checker reads the Italian page (the default); an English reader gets English titles.
  "serviceCard.addressed": "Who it is for",
  "serviceCard.howTo": "How to apply",
  "serviceCard.needed": "What you need",
  "serviceCard.achieved": "What you get",
  "serviceCard.calendar": "Times and deadlines",
  "serviceCard.costs": "Costs",
  "serviceCard.conditions": "Terms of service",
  "serviceCard.conditionsText":
    "Read the terms and conditions of service for deadlines, requirements and other details.",
  "serviceCard.conditionsFile": "{title} (PDF)",
  "serviceCard.topics": "Topics",
  "serviceCard.statusReason": "Reason",
  "serviceCard.office": "Responsible office",
  "serviceCard.address": "Address",
  "serviceCard.videoCall": "Video call reception",
  "serviceCard.videoCallLink": "Start the video call with {office}",
  "serviceCard.phone": "Phone",
  "serviceCard.email": "E-mail",
  "serviceCard.hours": "Opening hours",
  "serviceCard.bookingFromServiceText":
    "You can book an appointment with the offices responsible for this service.",
  "serviceCard.genericText":
    "You can use the service at the responsible office: its address, hours and contacts are under Contacts.",
  "serviceCard.genericLink": "Go to the office's contacts",
  "serviceCard.inactiveText":
    "The service is not active at the moment: try again later or contact the responsible office.",
};
