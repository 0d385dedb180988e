import express from "express";

/** Where the sandbox serves the stand-in of the forms module's front office (Moon, upstream contract §9). */
export const FORMS_FRONT_OFFICE_PATH = "/moonfobl";

/** The front office's absolute base URL as the browser reaches the sandbox (the host the portal called). */
export function formsFrontOfficeUrl(req: express.Request): string {
  return `${req.protocol}://${req.get("host") ?? "127.0.0.1"}${FORMS_FRONT_OFFICE_PATH}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A stand-in page for `/moonfobl/accesso/:consumer?…&codice_modulo=…&back_url=…`: it names the form and links back
 * to the portal (only to an http(s) `back_url`). The real front office would ask for the digital identity here.
 */
export function createFormsFrontOfficeRouter(): express.Router {
  const router = express.Router();
  router.get("/accesso/:consumer", (req, res) => {
    const query = req.query as Record<string, unknown>;
    const text = (name: string) => (typeof query[name] === "string" ? (query[name] as string) : "");
    const modulo = text("codice_modulo") || "—";
    const ente = text("codice_ente") || "—";
    const back = text("back_url");
    const backLink = /^https?:\/\//i.test(back)
      ? `<p><a href="${escapeHtml(back)}">Torna alla scheda del servizio</a></p>`
      : "";
    res
      .status(200)
      .type("html")
      .send(
        `<!doctype html><html lang="it"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">` +
          `<title>Modulo ${escapeHtml(modulo)} – Moduli online (ambiente dimostrativo)</title></head>` +
          `<body style="font-family: sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">` +
          `<main><h1>Moduli online</h1>` +
          `<p>Ambiente dimostrativo: qui il modulo online <strong>${escapeHtml(modulo)}</strong> ` +
          `dell'ente <strong>${escapeHtml(ente)}</strong> chiederebbe l'accesso con SPID o CIE.</p>` +
          `${backLink}</main></body></html>`,
      );
  });
  return router;
}
