/**
 * The push opt-in's texts (`push.*`; English: ./texts.en.ts): with the opt-in's own chunk, loaded only for a citizen
 * who may be asked, never with the shell every page loads (issue #40).
 */
export const pushIt = {
  "push.modal.title": "Notifiche Push",
  "push.modal.body":
    "Vuoi ricevere una notifica su questo dispositivo quando il {comune} ti invia un messaggio nell'area personale, ad esempio una scadenza di pagamento, un promemoria di appuntamento o un aggiornamento su una tua pratica?",
  "push.modal.settings": "Puoi cambiare idea in ogni momento dalle impostazioni del browser.",
  "push.modal.decline": "No, grazie",
  "push.modal.accept": "OK",
  "push.toast.title": "Nuova notifica",
  "push.toast.open": "Vai al messaggio",
} as const;
