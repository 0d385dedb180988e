import express from "express";
import type { SandboxState, SandboxStore, SandboxTenant } from "../types.ts";
import { isDown } from "../faults.ts";
import { findPosition, markPaid, type SandboxCheckout } from "./positions.ts";

/** What the checkout shows of the IUV being paid. */
export type CheckoutItem = { iuv: string; descrizione: string; codiceAvviso: string; importo: number };

/**
 * A payment engine whose IUVs the checkout stand-in can pay (PPAY here; MYPAY registers itself in
 * sandbox/mypay/router.ts): `find` the item of an open checkout, `pay` it (status paid, receipt).
 */
export type CheckoutEngine = {
  find(state: SandboxState, checkout: SandboxCheckout): CheckoutItem | null;
  /** `receipt: false` while the fault switch `pagopa-rt` is "down": paid, the receipt arrives later. */
  pay(state: SandboxState, checkout: SandboxCheckout, options: { receipt: boolean }): void;
};

const engines = new Map<string, CheckoutEngine>([
  [
    "ppay",
    {
      find(state, c) {
        const p = findPosition(state, c.tenantId, c.codFisc, c.iuv);
        return p
          ? {
              iuv: p.iuv,
              descrizione: p.descrizionePagamento,
              codiceAvviso: p.codiceAvviso,
              importo: p.importo,
            }
          : null;
      },
      pay(state, c, { receipt }) {
        const p = findPosition(state, c.tenantId, c.codFisc, c.iuv);
        if (!p || p.codiceStatoPagamento !== "1") return;
        markPaid(p, new Date(), receipt);
        if (!receipt)
          (state.ppay.lateReceipts ??= []).push(`${c.tenantId}:${c.codFisc.toUpperCase()}:${c.iuv}`);
      },
    },
  ],
]);

export function registerCheckoutEngine(name: string, engine: CheckoutEngine): void {
  engines.set(name, engine);
}

/** Where the pagoPA checkout stand-in lives, on the sandbox's own origin (mounted under `/__sandbox`). */
export const CHECKOUT_PATH = "/__sandbox/pagopa/checkout";

/** The portal's origin when nothing configures it: `npm start`'s. `{host}` is the municipality's portal host. */
export const DEFAULT_PORTAL_ORIGIN = "http://{host}:3000";

/**
 * The origin the checkout returns to, as the payment systems have it: configured per organization (PiemontePay's
 * and MyPay's back office hold each municipality's return address; no request carries it, and the BFF's proxies
 * would drop a header that did). The sandbox's configuration is one template for all its municipalities,
 * `store.portalOrigin` (`SANDBOX_PORTAL_ORIGIN`; the embedded sandbox gets the portal's own port), with `{host}` the
 * municipality's portal host.
 */
export function portalReturnBase(store: Pick<SandboxStore, "portalOrigin">, tenant: SandboxTenant): string {
  const origin = (store.portalOrigin ?? DEFAULT_PORTAL_ORIGIN).replaceAll("{host}", tenant.portalHost);
  try {
    const url = new URL(origin);
    if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
  } catch {
    // a template that is no URL: the municipality's own site, as a payment system without configuration would
  }
  return `https://${tenant.host}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="it"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${escapeHtml(title)} - Simulazione pagoPA</title>
<style>body{font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.banner{background:#fff3cd;border:2px solid #8a6d00;padding:.75rem 1rem;font-weight:bold}
button{font-size:1rem;padding:.6rem 1.4rem;margin:.25rem .5rem .25rem 0;cursor:pointer}
.pay{background:#0a5dbd;color:#fff;border:0}.cancel{background:#fff;color:#0a5dbd;border:2px solid #0a5dbd}
dt{font-weight:bold}dd{margin:0 0 .5rem 0}</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * The pagoPA checkout stand-in (`GET /__sandbox/pagopa/checkout/:token`): a page clearly marked as a simulation with
 * "Paga" and "Annulla" (plain forms). Paga marks the position paid (receipt available) and both send the browser to
 * the portal's `/servizi/pagamento-esito?iuv&codEsito=000|100&descEsito`.
 */
export function createCheckoutRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  const base = CHECKOUT_PATH.replace(/^\/__sandbox/, "");
  const lookup = (token: string) => {
    const checkout = store.state.ppay.checkouts[token];
    const engine = checkout && engines.get(checkout.engine ?? "ppay");
    const position = checkout && engine?.find(store.state, checkout);
    return checkout && engine && position ? { checkout, engine, position } : null;
  };
  const outcome = (returnBase: string, iuv: string, code: "000" | "100", text: string) =>
    `${returnBase}/servizi/pagamento-esito?${new URLSearchParams({ iuv, codEsito: code, descEsito: text })}`;

  router.get(`${base}/:token`, (req, res) => {
    const found = lookup(req.params.token);
    res.setHeader("Cache-Control", "no-store");
    if (!found) {
      return res
        .status(404)
        .type("html")
        .send(
          page(
            "Pagamento non trovato",
            "<h1>Pagamento non trovato</h1><p>La sessione di pagamento non esiste.</p>",
          ),
        );
    }
    const { position } = found;
    const amount = `€ ${position.importo.toFixed(2).replace(".", ",")}`;
    const action = `${CHECKOUT_PATH}/${encodeURIComponent(req.params.token)}`;
    res
      .status(200)
      .type("html")
      .send(
        page(
          "Checkout",
          `<p class="banner">Simulazione pagoPA: ambiente dimostrativo, nessun addebito reale.</p>
<h1>Checkout pagoPA</h1>
<dl><dt>Oggetto</dt><dd>${escapeHtml(position.descrizione)}</dd>
<dt>Codice avviso</dt><dd>${escapeHtml(position.codiceAvviso)}</dd>
<dt>Importo</dt><dd>${escapeHtml(amount)}</dd></dl>
<form method="post" action="${action}/paga" style="display:inline"><button class="pay" type="submit">Paga</button></form>
<form method="post" action="${action}/annulla" style="display:inline"><button class="cancel" type="submit">Annulla</button></form>`,
        ),
      );
  });
  router.post(`${base}/:token/paga`, (req, res) => {
    const found = lookup(req.params.token);
    if (!found) return res.status(404).type("text").send("Pagamento non trovato");
    found.engine.pay(store.state, found.checkout, { receipt: !isDown(store, "pagopa-rt") });
    delete store.state.ppay.checkouts[req.params.token];
    store.save();
    res.redirect(303, outcome(found.checkout.returnBase, found.position.iuv, "000", "Pagamento eseguito"));
  });
  router.post(`${base}/:token/annulla`, (req, res) => {
    const found = lookup(req.params.token);
    if (!found) return res.status(404).type("text").send("Pagamento non trovato");
    res.redirect(303, outcome(found.checkout.returnBase, found.position.iuv, "100", "Operazione annullata"));
  });
  return router;
}
