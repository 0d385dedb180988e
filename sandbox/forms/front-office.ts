import express from "express";
import type { SandboxStore, SandboxTenant } from "../types.ts";
import { MOON_FORMS, newInstanceCode, STATUS_TEXT, type MoonInstance } from "./state.ts";

/** Where the sandbox serves the stand-in of the forms module's front office (Moon, upstream contract §9). */
export const FORMS_FRONT_OFFICE_PATH = "/moonfobl";

/** The front office's absolute base URL as the browser reaches the sandbox (the host the portal called). */
export function formsFrontOfficeUrl(req: express.Request): string {
  return `${req.protocol}://${req.get("host") ?? "127.0.0.1"}${FORMS_FRONT_OFFICE_PATH}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page frame: plain HTML, marked as a simulation like the pagoPA stand-in, readable without any script. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="it"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${escapeHtml(title)} – Moduli online (ambiente dimostrativo)</title>
<style>body{font-family:"Titillium Web",Arial,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
.banner{background:#fff3cd;border:2px solid #8a6d00;padding:.75rem 1rem;font-weight:bold}
label{display:block;font-weight:bold;margin:1rem 0 .25rem}input[type=text],textarea,select{width:100%;font-size:1rem;padding:.5rem;border:1px solid #5c6f82;box-sizing:border-box}
fieldset{border:1px solid #5c6f82;margin:1rem 0;padding:.5rem 1rem}legend{font-weight:bold}
.radio label{display:inline;font-weight:normal;margin:0}.radio{margin:.35rem 0}
button{font-size:1rem;padding:.6rem 1.4rem;margin:1rem .5rem 0 0;cursor:pointer}
.send{background:#0a5dbd;color:#fff;border:0}.draft{background:#fff;color:#0a5dbd;border:2px solid #0a5dbd}
.error{border-left:.3rem solid #b71c1c;padding:.5rem 1rem;background:#fdecea}a{color:#0a5dbd}
dt{font-weight:bold}dd{margin:0 0 .5rem 0}</style></head>
<body><main><p class="banner">Moduli online: ambiente dimostrativo.</p>${body}</main></body></html>`;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const httpUrl = (value: string) => (/^https?:\/\//i.test(value) ? value : "");

function backLink(back: string, label: string): string {
  return back ? `<p><a href="${escapeHtml(back)}">${escapeHtml(label)}</a></p>` : "";
}

function tenantOf(store: SandboxStore, codiceEnte: string): SandboxTenant | undefined {
  return store.tenants.find((t) => t.codiceEnte === codiceEnte);
}

function instancesOf(store: SandboxStore, tenant: SandboxTenant): MoonInstance[] {
  return (store.state.moon.instances[tenant.id] ??= []);
}

/** The demo identities as radio buttons (the real module asks for SPID or CIE here). */
function identityChoice(store: SandboxStore, selected: string): string {
  return `<fieldset><legend>Identità di prova (al posto di SPID o CIE)</legend>${Object.values(
    store.state.citizens,
  )
    .map((c) => {
      const id = `cf-${c.codFisc}`;
      return `<div class="radio"><input type="radio" id="${id}" name="codiceFiscale" value="${escapeHtml(c.codFisc)}" required${
        c.codFisc === selected ? " checked" : ""
      }> <label for="${id}">${escapeHtml(`${c.nome} ${c.cognome}`)} (${escapeHtml(c.codFisc)})</label></div>`;
    })
    .join("")}</fieldset>`;
}

type FormPageOptions = {
  consumer: string;
  tenant: SandboxTenant;
  codiceModulo: string;
  back: string;
  draft?: MoonInstance;
  error?: string;
  values?: { oggetto: string; note: string; codiceFiscale: string };
};

/** The form, new or a draft to complete; after a refused submission, with its error and the values sent. */
function formPage(store: SandboxStore, options: FormPageOptions): string {
  const form = MOON_FORMS[options.codiceModulo]!;
  const values = options.values ?? {
    oggetto: options.draft?.oggetto ?? "",
    note: options.draft?.note ?? "",
    codiceFiscale: "",
  };
  const hidden = [
    ["codice_ente", options.tenant.codiceEnte],
    ["codice_modulo", form.codiceModulo],
    ["back_url", options.back],
    ["codice_istanza", options.draft?.codiceIstanza ?? ""],
  ]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value!)}">`)
    .join("");
  return page(
    form.descrizioneModulo,
    `<h1>${escapeHtml(form.descrizioneModulo)}</h1>
<p>${escapeHtml(options.tenant.nome)}${options.draft ? ` – bozza <strong>${escapeHtml(options.draft.codiceIstanza)}</strong>` : ""}</p>
${options.error ? `<div class="error" role="alert"><p>${escapeHtml(options.error)}</p></div>` : ""}
<form method="post" action="${FORMS_FRONT_OFFICE_PATH}/accesso/${encodeURIComponent(options.consumer)}">${hidden}
${identityChoice(store, values.codiceFiscale)}
<label for="oggetto">Oggetto della richiesta (obbligatorio per l'invio)</label>
<input type="text" id="oggetto" name="oggetto" maxlength="200" value="${escapeHtml(values.oggetto)}">
<label for="note">Note</label>
<textarea id="note" name="note" rows="4" maxlength="2000">${escapeHtml(values.note)}</textarea>
<button class="send" type="submit" name="azione" value="invia">Invia la richiesta</button>
<button class="draft" type="submit" name="azione" value="bozza">Salva come bozza</button>
</form>${backLink(options.back, "Annulla e torna al portale")}`,
  );
}

/** The detail of an instance already sent. */
function instancePage(found: MoonInstance, back: string): string {
  const form = MOON_FORMS[found.codiceModulo];
  return page(
    `Pratica ${found.codiceIstanza}`,
    `<h1>Pratica ${escapeHtml(found.codiceIstanza)}</h1>
<dl><dt>Modulo</dt><dd>${escapeHtml(form?.descrizioneModulo ?? found.codiceModulo)}</dd>
<dt>Stato</dt><dd>${escapeHtml(STATUS_TEXT[found.stato])}</dd>
<dt>Data invio</dt><dd>${escapeHtml(found.created.slice(0, 10))}</dd>
<dt>Oggetto</dt><dd>${escapeHtml(found.oggetto)}</dd></dl>${backLink(back, "Torna al portale")}`,
  );
}

function notFound(res: express.Response, back: string, message: string) {
  return res
    .status(404)
    .type("html")
    .send(
      page(
        "Non trovato",
        `<h1>Non trovato</h1><p>${escapeHtml(message)}</p>${backLink(back, "Torna al portale")}`,
      ),
    );
}

/**
 * The front office stand-in: `GET /moonfobl/accesso/:consumer?service=new|istanza&codice_ente&codice_modulo|
 * codice_istanza&back_url` shows the form (new, or the citizen's draft to complete, or an instance's detail); the
 * citizen picks a demo identity (the real module asks for SPID or CIE here), fills it and sends it or saves it as a
 * draft (`POST …/accesso/:consumer`); the outcome page links back to the portal (`back_url`, http(s) only).
 */
export function createFormsFrontOfficeRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  router.use(express.urlencoded({ extended: false, limit: "16kb" }));
  router.get("/accesso/:consumer", (req, res) => showAccess(store, req, res));
  router.post("/accesso/:consumer", (req, res) => submitAccess(store, req, res));
  return router;
}

/** `GET …/accesso/:consumer`: the new form, the draft to complete or the instance's detail. */
function showAccess(store: SandboxStore, req: express.Request<{ consumer: string }>, res: express.Response) {
  res.setHeader("Cache-Control", "no-store");
  const query = req.query as Record<string, unknown>;
  const back = httpUrl(text(query.back_url));
  const tenant = tenantOf(store, text(query.codice_ente));
  if (!tenant) return notFound(res, back, "Ente non riconosciuto.");
  if (text(query.service) === "istanza") {
    const found = instancesOf(store, tenant).find((i) => i.codiceIstanza === text(query.codice_istanza));
    if (!found) return notFound(res, back, "Istanza non trovata.");
    if (found.stato === "BOZZA")
      return res.type("html").send(
        formPage(store, {
          consumer: req.params.consumer,
          tenant,
          codiceModulo: found.codiceModulo,
          back,
          draft: found,
        }),
      );
    return res.type("html").send(instancePage(found, back));
  }
  const codiceModulo = text(query.codice_modulo);
  if (!MOON_FORMS[codiceModulo]) return notFound(res, back, `Modulo ${codiceModulo || "—"} non disponibile.`);
  res.type("html").send(formPage(store, { consumer: req.params.consumer, tenant, codiceModulo, back }));
}

/** `POST …/accesso/:consumer`: sends the form or saves it as a draft (new, or the draft being completed). */
function submitAccess(
  store: SandboxStore,
  req: express.Request<{ consumer: string }>,
  res: express.Response,
) {
  res.setHeader("Cache-Control", "no-store");
  const body = (req.body ?? {}) as Record<string, unknown>;
  const back = httpUrl(text(body.back_url));
  const tenant = tenantOf(store, text(body.codice_ente));
  const codiceModulo = text(body.codice_modulo);
  if (!tenant || !MOON_FORMS[codiceModulo]) return notFound(res, back, "Modulo non disponibile.");
  const values = {
    oggetto: text(body.oggetto).trim().slice(0, 200),
    note: text(body.note).trim().slice(0, 2000),
    codiceFiscale: text(body.codiceFiscale),
  };
  const draftCode = text(body.codice_istanza);
  const draft = draftCode ? instancesOf(store, tenant).find((i) => i.codiceIstanza === draftCode) : undefined;
  if (draftCode && (!draft || draft.stato !== "BOZZA")) return notFound(res, back, "Bozza non trovata.");
  const again = (error: string, status: number) =>
    res
      .status(status)
      .type("html")
      .send(
        formPage(store, { consumer: req.params.consumer, tenant, codiceModulo, back, draft, error, values }),
      );
  if (!store.state.citizens[values.codiceFiscale]) return again("Scegli l'identità con cui accedere.", 400);
  if (draft && draft.owner !== values.codiceFiscale)
    return again("Questa bozza appartiene a un altro cittadino.", 403);
  const send = text(body.azione) !== "bozza";
  if (send && !values.oggetto) return again("Indica l'oggetto della richiesta per inviarla.", 400);
  const target: MoonInstance = draft ?? {
    codiceIstanza: newInstanceCode(store.state.moon),
    codiceModulo,
    created: new Date().toISOString(),
    stato: "BOZZA",
    owner: values.codiceFiscale,
    oggetto: "",
    note: "",
  };
  Object.assign(target, { oggetto: values.oggetto, note: values.note, stato: send ? "INVIATA" : "BOZZA" });
  if (send) target.created = new Date().toISOString();
  if (!draft) instancesOf(store, tenant).push(target);
  store.save();
  const heading = send ? "Richiesta inviata" : "Bozza salvata";
  res
    .status(200)
    .type("html")
    .send(
      page(
        heading,
        `<h1>${heading}</h1><p role="status">${
          send ? "La richiesta è stata inviata" : "La bozza è stata salvata"
        } con il codice <strong>${escapeHtml(target.codiceIstanza)}</strong>.</p>${backLink(back, "Torna al portale")}`,
      ),
    );
}
