import { createHash } from "node:crypto";
import type { NotifyState, NotifyUser } from "./types.ts";

/** The informativa every municipality shows before the citizen's first contacts (one text for all, as Notify's). */
export const NOTIFY_TERMS = `<h3>Informativa sul trattamento dei dati personali</h3>
<p>Il Comune tratta i tuoi <strong>recapiti</strong> (indirizzo e-mail, numero di cellulare) e le tue preferenze di
notifica al solo scopo di inviarti comunicazioni sui servizi che hai scelto.</p>
<ul><li>Titolare del trattamento: il Comune.</li><li>Puoi modificare o eliminare i tuoi contatti in ogni momento dal
tuo profilo.</li><li>I dati non sono ceduti a terzi.</li></ul>
<p><a href="https://www.garanteprivacy.it/" onclick="alert('x')">Garante per la protezione dei dati personali</a></p>
<script>alert('informativa')</script>`;

export function hashTerms(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}

const ACCEPTED = "2025-03-10T09:30:00.000Z";

function user(partial: Partial<NotifyUser>): NotifyUser {
  return { contacts: null, terms: null, preferences: {}, ...partial };
}

const terms = () => ({ accepted_at: ACCEPTED, hashed_terms: hashTerms(NOTIFY_TERMS) });

/** Mario: terms and e-mail only; Giulia: e-mail, SMS and preferences; Anna: everything; Luca: nothing. */
export function seedNotify(): NotifyState {
  return {
    users: {
      RSSMRA80A01H501U: user({
        terms: terms(),
        contacts: {
          email: "mario.rossi@example.it",
          sms: null,
          phone: null,
          push: null,
          language: "it_IT",
          interests: null,
        },
      }),
      BNCGLI85C55L219R: user({
        terms: terms(),
        contacts: {
          email: "giulia.bianchi@example.it",
          sms: "00393471112233",
          phone: null,
          push: null,
          language: "it_IT",
          interests: null,
        },
        preferences: {
          valverde_anagrafe: "email,sms",
          valverde_tari: "email",
          montealto_anagrafe: "email",
        },
      }),
      SPSNNA75T48F839X: user({
        terms: terms(),
        contacts: {
          email: "a.esposito@example.it",
          sms: "00393389876543",
          phone: null,
          push: {},
          language: "it_IT",
          interests: null,
        },
        preferences: {
          valverde_anagrafe: "email",
          valverde_polizia_locale: "email,sms",
          valverde_scuola: "sms",
          montealto_tributi: "email,sms",
        },
      }),
    },
  };
}
