/**
 * Acting for a delegator (`delegator.*`; English: ./texts.en.ts): the banner and the notices of the shell, the chooser
 * of a delegable service's page, the refusals. The banner and the notices are in the shell's document (a citizen
 * without JavaScript must see for whom they act), so this catalogue comes with the shell.
 */
export const actingForIt = {
  "delegator.region": "Delega attiva",
  "delegator.text": "Stai utilizzando il servizio per conto di {nome} {cognome} ({codiceFiscale})",
  "delegator.textShort": "Per conto di {nome} {cognome}",
  "delegator.clear": "Cancella delegato",
  "delegator.ended":
    "La delega di {nome} {cognome} non è più attiva: stai di nuovo usando i servizi a tuo nome.",
  "delegator.endedAction":
    "La delega di {nome} {cognome} non è più attiva: l'operazione per suo conto non è stata eseguita.",
  "delegator.ownName": "Ora stai usando i servizi a tuo nome: puoi continuare da qui.",
  "delegator.unchecked": "Non è possibile verificare la delega in questo momento: riprova più tardi.",
  "delegator.notDelegated.title": "Servizio non compreso nella delega",
  "delegator.notDelegated.text":
    "Stai agendo per conto di {nome} {cognome}: questo servizio non è compreso nella delega. Usa «Cancella delegato» per tornare ai tuoi dati.",
  "delegator.choose.title": "Usa il servizio per conto di un delegante",
  "delegator.choose.lead":
    "Hai una delega attiva per questo servizio: puoi usarlo per conto di chi ti ha delegato.",
  "delegator.choose.legend": "Per conto di chi vuoi usare il servizio",
  "delegator.choose.self": "A mio nome",
  "delegator.choose.option": "{nome} {cognome} ({codiceFiscale}), delega valida fino al {scadenza}",
  "delegator.choose.submit": "Conferma la scelta",
  "delegator.choose.failed": "Non è stato possibile leggere le tue deleghe per questo servizio.",
  "delegator.choose.notListed": "La delega scelta non è attiva per questo servizio.",
} as const;
