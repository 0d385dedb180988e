import type { KnowledgeBaseSeed, SandboxServiceDetail, SandboxServizio } from "./content-types.ts";
import { slug } from "./common.ts";
import { detail } from "./detail.ts";

const site = "https://www.comune.roccaserena.it/servizi";
const anagrafe = { id: 1, nome: "Anagrafe e stato civile" };
const tributi = { id: 11, nome: "Tributi, finanze e contravvenzioni" };
const turismo = { id: 7, nome: "Turismo" };
const ambiente = { id: 12, nome: "Ambiente" };

function service(
  id: number,
  nome: string,
  descrizione: string,
  extra: Partial<SandboxServizio>,
): SandboxServizio {
  return { id, nome, descrizione, link_scheda: `${site}/${slug(nome)}`, servizio_attivo: true, ...extra };
}

export const roccaserenaServices: SandboxServizio[] = [
  service(301, "Carta d'identità elettronica", "Appuntamento per la CIE.", {
    categoria_servizio: anagrafe,
    link_servizio: "/servizi/prenotazione-appuntamento",
  }),
  service(302, "Pubblicazioni di matrimonio", "Richiedi le pubblicazioni.", {
    categoriaServizio: anagrafe,
    linkServizio: "/servizi/prenotazione-appuntamento",
  }),
  service(303, "Pagamento spontaneo", "Pagamenti senza avviso con pagoPA.", {
    categoriaSevizio: tributi,
    linkServizio: "/servizi/ppay/pagamento-spontaneo",
  }),
  service(304, "Imposta di soggiorno", "Versamento dell'imposta da parte delle strutture ricettive.", {
    categorie: [{ nome: tributi.nome }, { nome: turismo.nome }],
    linkServizio: "/servizi/pagamenti/304",
  }),
  service(305, "Canone unico patrimoniale", "Pagamento del canone per insegne e occupazioni.", {
    categoriaServizio: tributi.nome,
    linkServizio: "/servizi/pagamenti/305",
  }),
  service(306, "Visite guidate alla Rocca", "Prenota una visita guidata alla Rocca medievale.", {
    categoria_servizio: turismo,
    link_servizio: "/servizi/prenotazione-appuntamento",
  }),
  service(307, "Richiesta di assistenza", "Scrivi all'Ufficio Relazioni con il Pubblico.", {
    categorie: [{ nome: "Relazioni con il pubblico" }],
    linkServizio: "/nuova-richiesta",
  }),
  service(308, "Compostaggio domestico", "Richiedi la compostiera e la riduzione TARI.", {
    categoriaServizio: ambiente,
    linkServizio: "/nuova-richiesta",
  }),
  service(309, "Tesserino per la raccolta funghi", "Autorizzazione annuale alla raccolta.", {
    categoriaSevizio: ambiente,
    linkServizio: "https://www.comune.roccaserena.it/servizi/funghi/richiesta",
  }),
  service(310, "Prenotazione appuntamento", "Prenota un appuntamento in Comune.", {
    categorie: [{ nome: "Relazioni con il pubblico" }],
    linkServizio: "/servizi/prenotazione-appuntamento",
  }),
];

export const roccaserenaDetails: SandboxServiceDetail[] = [
  detail(301, "Carta d'identità elettronica", { asset: "APPSCHED", idSportello: "1" }),
  detail(302, "Pubblicazioni di matrimonio", { asset: "APPSCHED", idSportello: "1" }),
  detail(303, "Pagamento spontaneo", { asset: "PPAY" }),
  detail(304, "Imposta di soggiorno", { asset: "PPAY" }),
  detail(305, "Canone unico patrimoniale", { asset: "PPAY" }),
  detail(306, "Visite guidate alla Rocca", { asset: "APPSCHED", idSportello: "2" }),
  detail(307, "Richiesta di assistenza", { asset: "ASSISTENZA_CRM" }),
  detail(308, "Compostaggio domestico", { asset: "ASSISTENZA_CRM", codiceAssistenza: "AMBIENTE" }),
  detail(309, "Tesserino per la raccolta funghi", {}),
  detail(310, "Prenotazione appuntamento", { asset: "APPSCHED", idSportello: "1" }),
];

export const roccaserenaKnowledgeBase: KnowledgeBaseSeed = {
  categories: [
    { id: 31, name: "Anagrafe", parentId: null },
    { id: 32, name: "Turismo", parentId: null },
    { id: 33, name: "Strutture ricettive", parentId: 32 },
  ],
  answers: [
    {
      id: 311,
      categoryId: 31,
      title: "Come richiedere la carta d'identità elettronica?",
      body: "<p>Su appuntamento, il martedì e il venerdì mattina.</p>",
    },
    {
      id: 321,
      categoryId: 32,
      title: "Quando è aperta la Rocca?",
      body: "<p>Da aprile a ottobre, tutti i giorni dalle 10.00 alle 18.00.</p>",
    },
    {
      id: 331,
      categoryId: 33,
      title: "Come versare l'imposta di soggiorno?",
      body: "<p>Entro il 16 del mese successivo al trimestre, con pagoPA dal servizio Imposta di soggiorno.</p>",
    },
    {
      id: 332,
      categoryId: 33,
      title: "Chi è esente dall'imposta di soggiorno?",
      body: "<p>I minori di 14 anni e i residenti nel Comune.</p>",
    },
  ],
};
