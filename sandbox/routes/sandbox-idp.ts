import express from "express";
import type { Response } from "express";
import { IDP_PATH, idpPagePolicy, renderIdpPage } from "../idp-page.ts";
import { getUtenteContatti } from "../notify/router.ts";
import { openSession } from "../session.ts";
import type { SandboxStore } from "../types.ts";

function sendPage(res: Response, status: number, html: string): void {
  res
    .status(status)
    .set({ "Content-Security-Policy": idpPagePolicy(), "Cache-Control": "no-store" })
    .type("html")
    .send(html);
}

function text(value: unknown): string {
  return typeof value === "string" ? value.slice(0, 2048) : "";
}

/** Plays the SPID/CIE identity provider: pick a test citizen, get the `SANDBOX_SSO` cookie, back to login. */
export function createIdpRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  const citizens = () =>
    Object.values(store.state.citizens).map((c) => ({
      ...c,
      contatti: getUtenteContatti(store.state, c.codFisc),
    }));
  // The choice is sent with GET: the page is reached through the portal's proxy, which (rightly) asks every
  // POST for the portal's XSRF token, and a stand-in identity provider has no token of the portal to echo.
  router.get(IDP_PATH, (req, res) => {
    if (req.query.codiceFiscale === undefined) {
      return sendPage(res, 200, renderIdpPage(citizens(), text(req.query.redirector)));
    }
    return choose(req.query as Record<string, unknown>, res);
  });
  router.post(IDP_PATH, express.urlencoded({ extended: false, limit: "10kb" }), (req, res) =>
    choose((req.body ?? {}) as Record<string, unknown>, res),
  );
  function choose(body: Record<string, unknown>, res: Response) {
    const redirector = text(body.redirector);
    const citizen = store.state.citizens[text(body.codiceFiscale)];
    if (!citizen)
      return sendPage(res, 400, renderIdpPage(citizens(), redirector, "Scegli una delle identità di prova."));
    res.setHeader("Set-Cookie", openSession(store, citizen.codFisc));
    const query = redirector ? `?redirector=${encodeURIComponent(redirector)}` : "";
    res.redirect(302, `/api/utenti/login${query}`);
  }
  return router;
}
