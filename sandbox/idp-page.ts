import type { CitizenRecord as SeedCitizen, NotifyContacts } from "./types.ts";

/** A citizen as the page lists them: with the Notify contacts. */
type CitizenRecord = SeedCitizen & { contatti: NotifyContacts | null };

export const IDP_PATH = "/api-public/sandbox-idp/login";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function describe(citizen: CitizenRecord): string {
  if (!citizen.contatti) return "nessun recapito nel profilo";
  const channels = [citizen.contatti.email && "e-mail", citizen.contatti.sms && "SMS"].filter(Boolean);
  return `recapiti nel profilo: ${channels.join(" e ") || "nessuno"}`;
}

function choice(citizen: CitizenRecord, checked: boolean): string {
  const id = `cittadino-${citizen.codFisc}`;
  return `<div class="choice">
  <input type="radio" id="${id}" name="codiceFiscale" value="${escapeHtml(citizen.codFisc)}"${checked ? " checked" : ""} required>
  <label for="${id}"><strong>${escapeHtml(`${citizen.nome} ${citizen.cognome}`)}</strong>
  <span class="detail">Codice fiscale ${escapeHtml(citizen.codFisc)} – ${describe(citizen)}</span></label>
</div>`;
}

const style = `body{margin:0;font-family:"Titillium Web",Arial,sans-serif;color:#1a1a1a;background:#fff;line-height:1.5}
header{background:#0d47a1;color:#fff;padding:.75rem 1.5rem}header p{margin:0;font-weight:600}
main{max-width:42rem;margin:0 auto;padding:1.5rem}h1{font-size:1.75rem;line-height:1.2}
.notice{background:#fff3cd;border-left:.3rem solid #8a6d00;padding:.75rem 1rem}
.error{background:#fdecea;border-left:.3rem solid #b71c1c;padding:.75rem 1rem;color:#7f1010}
fieldset{border:1px solid #5c6f82;border-radius:.25rem;padding:1rem;margin:1.5rem 0}legend{font-weight:600;padding:0 .25rem}
.choice{display:flex;gap:.75rem;align-items:flex-start;margin:.75rem 0}.choice input{width:1.25rem;height:1.25rem;margin-top:.2rem}
.detail{display:block;color:#404040;font-size:.95rem}
button{background:#0066cc;color:#fff;border:0;border-radius:.25rem;padding:.75rem 1.5rem;font-size:1.1rem;font-weight:600;cursor:pointer}
button:hover{background:#004d99}:focus-visible{outline:3px solid #f5a623;outline-offset:2px}a{color:#0059b3}`;

/** The demo SPID/CIE login page: static HTML, no scripts, WCAG 2.1 AA. */
export function renderIdpPage(citizens: CitizenRecord[], redirector: string, error?: string): string {
  const alert = error ? `<div class="error" role="alert"><p>${escapeHtml(error)}</p></div>` : "";
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Accesso con identità digitale – Ambiente dimostrativo</title>
<style>${style}</style>
</head>
<body>
<header><p>Fornitore di identità dimostrativo</p></header>
<main>
<h1>Ambiente dimostrativo – Accesso con identità digitale</h1>
<p class="notice">Questa pagina simula l'accesso con SPID o CIE. Le persone elencate sono fittizie: scegline una per entrare nell'area personale.</p>
${alert}
<form method="get" action="${IDP_PATH}">
<fieldset>
<legend>Con quale identità di prova vuoi entrare?</legend>
${citizens.map((c, i) => choice(c, i === 0)).join("\n")}
</fieldset>
<input type="hidden" name="redirector" value="${escapeHtml(redirector)}">
<button type="submit">Entra con SPID</button>
</form>
<p><a href="/">Annulla e torna al portale</a></p>
</main>
</body>
</html>
`;
}
