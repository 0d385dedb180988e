import express from "express";
import type { RequestHandler } from "express";
import { faultGate } from "../faults.ts";
import { sendError } from "../http.ts";
import { requireOwnFiscalCode } from "../middleware/own-fiscal-code.ts";
import { getLocals, type SandboxStore } from "../types.ts";
import { DocumentFilterSchema, DocumentQuerySchema, queryDocuments, toDocDto } from "./engine.ts";
import { pdfDate, writePdf } from "../pdf.ts";
import type { MyDocsDocument } from "./state.ts";

/** MyDocs answers only where the municipality has the MY_DOCS service. */
const requireMyDocs: RequestHandler = (_req, res, next) => {
  if (getLocals(res).tenant.assets.some((a) => a.codice === "MY_DOCS")) return next();
  sendError(res, 403, "Servizio non attivo per il comune");
};

function ownDocuments(store: SandboxStore, tenantId: string, codFisc: string): MyDocsDocument[] {
  return store.state.mydocs.documents[tenantId]?.[codFisc.toUpperCase()] ?? [];
}

function fileName(doc: MyDocsDocument): string {
  const base = doc.descrizione
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  return `${base || "documento"}.${doc.tipologia.estensione}`;
}

/**
 * Personal documents, contract §10 (`/api/document/*`), for the caller's own fiscal code only (gaps mode: any fiscal
 * code, as the BFF). Fault switch
 * (`POST /__sandbox/faults`): `mydocs`. Our extension: `sort=dataFine` (expiry).
 */
export function createMyDocsRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  router.use(requireMyDocs, faultGate(store, "mydocs"));

  router.get("/ambiti/cittadino/:cf", requireOwnFiscalCode("cf", store), (_req, res) => {
    res.json({ ambiti: store.state.mydocs.areas[getLocals(res).tenant.id] ?? [] });
  });

  router.post(
    "/documenti/cittadino/:cf",
    requireOwnFiscalCode("cf", store),
    express.json({ limit: "10kb" }),
    (req, res) => {
      const query = DocumentQuerySchema.safeParse(req.query);
      const filter = DocumentFilterSchema.safeParse(req.body ?? {});
      if (!query.success || !filter.success) {
        const issues = [...(query.error?.issues ?? []), ...(filter.error?.issues ?? [])];
        return sendError(
          res,
          400,
          "Richiesta non valida",
          issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`),
        );
      }
      const tenantId = getLocals(res).tenant.id;
      const areas = store.state.mydocs.areas[tenantId] ?? [];
      const all = ownDocuments(store, tenantId, req.params.cf as string);
      const page = queryDocuments(all, filter.data, query.data);
      res.json({
        documenti: page.documents.map((d) => toDocDto(d, areas)),
        totalElements: page.totalElements,
      });
    },
  );

  router.get("/documenti/:uuid/cittadino/:cf", requireOwnFiscalCode("cf", store), (req, res) => {
    // One citizen's downloads failing (`{"mydocs-file": "<fiscal code>"}`), the list still answering: a browser test
    // holds that citizen, so no other test meets the fault.
    if (store.state.faults["mydocs-file"] === getLocals(res).citizen?.codFisc)
      return sendError(res, 503, "Servizio temporaneamente non disponibile");
    const tenant = getLocals(res).tenant;
    // The path's citizen (gaps mode lets another one through), else the caller.
    const citizen = store.state.citizens[(req.params.cf as string).toUpperCase()] ?? getLocals(res).citizen!;
    const doc = ownDocuments(store, tenant.id, req.params.cf as string).find(
      (d) => d.uuid === req.params.uuid && d.visibile,
    );
    // Another citizen's document is not found, exactly like one that does not exist.
    if (!doc) return sendError(res, 404, "Documento non trovato");
    const areas = store.state.mydocs.areas[tenant.id] ?? [];
    if (req.query.download !== "true") return void res.json({ documento: toDocDto(doc, areas) });
    const area = areas.find((a) => a.idAmbito === doc.idAmbito)?.denominazione ?? "";
    const bytes = writePdf(doc.descrizione, [
      `Comune di ${tenant.nome} - ${area}`,
      `Intestatario: ${citizen.nome} ${citizen.cognome} (${doc.cfCittadino})`,
      `Data di creazione: ${pdfDate(doc.dtaCreazione.slice(0, 10))}`,
      ...(doc.dtaFine ? [`Scadenza: ${pdfDate(doc.dtaFine.slice(0, 10))}`] : []),
      `Identificativo: ${doc.uuid}`,
      "Documento dimostrativo generato dalla sandbox.",
    ]);
    res.json({
      documento: {
        ...toDocDto(doc, areas),
        filename: fileName(doc),
        content: bytes.toString("base64"),
      },
    });
  });
  return router;
}
