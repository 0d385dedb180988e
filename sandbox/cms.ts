import express from "express";
import type { Request, Response } from "express";
import type { SandboxServizio } from "./seed/content-types.ts";
import type { SandboxStore, SandboxTenant } from "./types.ts";

/**
 * A municipality's website (CMS) as the BFF's menu and services redirect to it: for a municipality with a CMS the
 * published BFF answers `configComune/menu` and `configComune/servizi` with a 302 to the CMS's own address, and the
 * original browser front end followed it. This stand-in is served on a port of its own (`startSandbox`), so the
 * redirect crosses origins as it does in production. It answers what that front end read:
 * - `GET /{tenant id}/citta-facile/menu`: `{main, "menu-argomenti", "contatta-comune"}`, the BFF's menu shape;
 * - `GET /{tenant id}/citta-facile/servizi`: the CMS's list, `[{id, nome, descrizione, categorie: [{nome}],
 *   link_scheda, linkServizio}]` (camel-case link, categories as a list), plus the service's state.
 */
export function createCmsApp(store: Pick<SandboxStore, "tenants">): express.Express {
  const app = express();
  app.disable("x-powered-by");
  const tenantOf = (req: Request, res: Response): SandboxTenant | null => {
    const tenant = store.tenants.find((t) => t.id === req.params.tenant && t.cms);
    if (!tenant) res.status(404).json({ message: "Pagina non trovata" });
    return tenant ?? null;
  };
  app.get("/:tenant/citta-facile/menu", (req, res) => {
    const tenant = tenantOf(req, res);
    if (tenant) res.json(tenant.content.menu);
  });
  app.get("/:tenant/citta-facile/servizi", (req, res) => {
    const tenant = tenantOf(req, res);
    if (tenant) res.json(tenant.content.servizi.map(cmsService));
  });
  app.use((_req, res) => void res.status(404).json({ message: "Pagina non trovata" }));
  return app;
}

/** A service as the CMS exports it (one spelling: `categorie`, `linkServizio`), whatever its seed spells. */
function cmsService(s: SandboxServizio) {
  const category =
    s.categorie?.map((c) => c.nome) ??
    [s.categoria_servizio, s.categoriaServizio, s.categoriaSevizio]
      .filter((c) => c !== undefined)
      .map((c) => (typeof c === "string" ? c : c.nome));
  return {
    id: s.id,
    nome: s.nome,
    descrizione: s.descrizione,
    categorie: category.map((nome) => ({ nome })),
    link_scheda: s.link_scheda ?? null,
    linkServizio: s.linkServizio ?? s.link_servizio ?? null,
    servizio_attivo: s.servizio_attivo,
    messaggio_manutenzione: s.messaggio_manutenzione ?? null,
  };
}

/** Where the BFF's redirect points for a municipality's menu or services, given the stand-in's base URL. */
export function cmsAddress(cmsUrl: string, tenant: SandboxTenant, what: "menu" | "servizi"): string {
  return `${cmsUrl.replace(/\/$/, "")}/${encodeURIComponent(tenant.id)}/citta-facile/${what}`;
}
