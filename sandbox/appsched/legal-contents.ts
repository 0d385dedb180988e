import type { SandboxTenant } from "../types.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The privacy notice shown in the booking flow (`GET legal-contents`). */
export function getLegalContents(tenant: SandboxTenant): { title: string; body: string } {
  const comune = escapeHtml(/^comune\b/i.test(tenant.nome) ? tenant.nome : `Comune di ${tenant.nome}`);
  return {
    title: "Informativa sul trattamento dei dati personali",
    body: [
      `<p>Il titolare del trattamento è il ${comune}, che tratta i tuoi dati personali (nome, cognome, codice fiscale, ` +
        "indirizzo e-mail, data e motivo dell'appuntamento) al solo fine di gestire la prenotazione, ai sensi " +
        "dell'art. 6, par. 1, lett. e) del Regolamento (UE) 2016/679 (GDPR).</p>",
      "<p>I dati sono trattati dal personale dell'ufficio scelto e conservati per il tempo necessario a erogare il " +
        "servizio e comunque non oltre dodici mesi dalla data dell'appuntamento.</p>",
      "<p>Puoi chiedere in ogni momento l'accesso, la rettifica o la cancellazione dei tuoi dati scrivendo al " +
        "Responsabile della protezione dei dati del comune. Hai diritto di proporre reclamo al " +
        '<a href="https://www.garanteprivacy.it/">Garante per la protezione dei dati personali</a>.</p>',
    ].join("\n"),
  };
}
