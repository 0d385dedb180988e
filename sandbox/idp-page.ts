import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { CitizenRecord as SeedCitizen, NotifyContacts } from "./types.ts";

/** A citizen as the page lists them: with the Notify contacts. */
type CitizenRecord = SeedCitizen & { contatti: NotifyContacts | null };

export const IDP_PATH = "/api-public/sandbox-idp/login";

// The page is dressed like the portal (Modello Comuni C.SI.1.2: bootstrap-italia's version exposed as
// `window.BOOTSTRAP_ITALIA_VERSION`, as client/entry.client.tsx does, and bootstrap-italia classes). It is reached
// through the portal's proxy, i.e. on the portal's origin, so it links the portal's own built stylesheet
// (`/assets/root-….css`: bootstrap-italia purged to the classes the portal and this page use, and the fonts), which
// the portal serves; the sandbox reads its name from the build next to it (the image ships build/ with sandbox/).
// Without a build (sandbox unit tests, `npm run dev`) the page falls back to a small inline style.
const ROOT = join(import.meta.dirname, "..");
const ASSETS = join(ROOT, "build/client/assets");

function readVersion(): string {
  try {
    const pkg = JSON.parse(
      readFileSync(join(ROOT, "node_modules/bootstrap-italia/package.json"), "utf8"),
    ) as {
      version?: string;
    };
    if (pkg.version) return pkg.version;
  } catch {
    // A production image has no bootstrap-italia package (a build-time dependency): read the built stylesheet.
  }
  const css = portalStylesheet();
  const match =
    css &&
    /--bootstrap-italia-version:\s*['"]([\d.]+)['"]/.exec(readFileSync(join(ASSETS, css.slice(8)), "utf8"));
  return match?.[1] ?? "2.0.0";
}

let stylesheet: { name: string | null; at: number } | undefined;

/** `/assets/root-….css` of the newest portal build, or null without one (looked up at most every 10 s). */
export function portalStylesheet(): string | null {
  if (stylesheet && Date.now() - stylesheet.at < 10_000) return stylesheet.name;
  let name: string | null = null;
  try {
    const candidates = readdirSync(ASSETS)
      .filter((file) => /^root-[\w-]+\.css$/.test(file))
      .map((file) => ({ file, mtime: statSync(join(ASSETS, file)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    name = candidates[0] ? `/assets/${candidates[0].file}` : null;
  } catch {
    name = null;
  }
  stylesheet = { name, at: Date.now() };
  return name;
}

let version: string | undefined;
/** The script that exposes the version, and its CSP hash (the page allows no other script). */
export function versionScript(): { source: string; hash: string } {
  version ??= readVersion();
  const source = `window.BOOTSTRAP_ITALIA_VERSION=${JSON.stringify(version)};`;
  return { source, hash: `'sha256-${createHash("sha256").update(source).digest("base64")}'` };
}

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
  return `<div class="col-12 col-md-6">
<div class="card card-bg rounded shadow-sm"><div class="card-body p-3">
<div class="d-flex align-items-start">
<input type="radio" class="mt-1 me-3 flex-shrink-0" style="width:1.25rem;height:1.25rem" id="${id}" name="codiceFiscale" value="${escapeHtml(citizen.codFisc)}"${checked ? " checked" : ""} required>
<label for="${id}"><strong>${escapeHtml(`${citizen.nome} ${citizen.cognome}`)}</strong>
<span class="d-block small">Codice fiscale <span class="text-monospace">${escapeHtml(citizen.codFisc)}</span></span>
<span class="d-block small">${describe(citizen)}</span></label>
</div>
</div></div>
</div>`;
}

/** Only without the portal's stylesheet: enough to keep the page readable. */
const fallbackStyle = `body{margin:0;font-family:"Titillium Web",Arial,sans-serif;color:#1a1a1a;line-height:1.5}
.container{max-width:50rem;margin:0 auto;padding:1rem}.it-header-slim-wrapper{background:#0d47a1;color:#fff}
.alert{border-left:.3rem solid #8a6d00;padding:.75rem 1rem;margin:1rem 0}.alert-danger{border-color:#b71c1c}
.card{border:1px solid #5c6f82;border-radius:.25rem;padding:.75rem;margin:.5rem 0}.d-block{display:block}
.btn{background:#0066cc;color:#fff;border:0;border-radius:.25rem;padding:.75rem 1.5rem;font-size:1.1rem}`;

/** The Content-Security-Policy of the page: its one script by hash, the portal's stylesheet and fonts. */
export function idpPagePolicy(): string {
  return [
    "default-src 'none'",
    `script-src ${versionScript().hash}`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The demo SPID/CIE login page: static HTML (one inline script: the bootstrap-italia version), WCAG 2.1 AA. */
export function renderIdpPage(citizens: CitizenRecord[], redirector: string, error?: string): string {
  const alert = error
    ? `<div class="alert alert-danger" role="alert"><p class="mb-0">${escapeHtml(error)}</p></div>`
    : "";
  const css = portalStylesheet();
  const style = css ? `<link rel="stylesheet" href="${css}">` : `<style>${fallbackStyle}</style>`;
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Accesso con identità digitale – Ambiente dimostrativo</title>
<meta name="description" content="Ambiente dimostrativo: scegli un'identità di prova per accedere all'area personale del portale.">
${style}
<script>${versionScript().source}</script>
</head>
<body>
<header class="it-header-wrapper">
<div class="it-header-slim-wrapper"><div class="container"><div class="row"><div class="col-12">
<div class="it-header-slim-wrapper-content"><p class="d-block navbar-brand mb-0">Fornitore di identità dimostrativo</p></div>
</div></div></div></div>
</header>
<main class="container my-5">
<div class="row justify-content-center"><div class="col-12 col-lg-10">
<h1 class="mb-3">Accesso con identità digitale</h1>
<div class="callout note"><div class="callout-inner"><div class="callout-title">Ambiente dimostrativo</div>
<p class="mb-0">Questa pagina simula l'accesso con SPID o CIE. Le persone elencate sono fittizie: scegline una per entrare nell'area personale.</p></div></div>
${alert}
<form method="get" action="${IDP_PATH}" class="mt-4">
<fieldset>
<legend class="h4 mb-3 px-0">Con quale identità di prova vuoi entrare?</legend>
<div class="row g-3">
${citizens.map((c, i) => choice(c, i === 0)).join("\n")}
</div>
</fieldset>
<input type="hidden" name="redirector" value="${escapeHtml(redirector)}">
<button type="submit" class="btn btn-primary btn-lg mt-4">Entra con SPID</button>
</form>
<p class="mt-4"><a href="/" class="t-primary">Annulla e torna al portale</a></p>
</div></div>
</main>
</body>
</html>
`;
}
