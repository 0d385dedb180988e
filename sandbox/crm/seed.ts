import type { SandboxState } from "../types.ts";
import {
  addArticle,
  createTicket,
  emptyCrmTenantState,
  type CrmCustomer,
  type CrmTenantState,
} from "./store.ts";

/** The CRM service catalogue ("Servizio" → "Tipologia problematica"), the same in every municipality. */
export type CrmCatalogueItem = { id: number; name: string; subItems: Array<{ id: number; name: string }> };

export const crmCatalogue: readonly CrmCatalogueItem[] = [
  {
    id: 1,
    name: "Anagrafe e stato civile",
    subItems: [
      { id: 101, name: "Certificati anagrafici" },
      { id: 102, name: "Cambio di residenza" },
      { id: 103, name: "Carta d'identità elettronica" },
    ],
  },
  {
    id: 2,
    name: "Tributi",
    subItems: [
      { id: 201, name: "TARI - tassa rifiuti" },
      { id: 202, name: "IMU" },
    ],
  },
  {
    id: 3,
    name: "Pagamenti online",
    subItems: [
      { id: 301, name: "Avviso non trovato" },
      { id: 302, name: "Ricevuta non disponibile" },
    ],
  },
  {
    id: 4,
    name: "Portale del cittadino",
    subItems: [
      { id: 401, name: "Accesso con SPID o CIE" },
      { id: 402, name: "Notifiche e preferenze" },
      { id: 403, name: "Altro" },
    ],
  },
];

/** The privacy text of `GET /api-public/policy` (plain text). */
export const crmPolicyText =
  "Informativa sul trattamento dei dati personali (art. 13 del Regolamento UE 2016/679). " +
  "I dati personali forniti con la richiesta di assistenza sono trattati dal Comune, titolare del trattamento, " +
  "al solo fine di rispondere alla richiesta. I dati sono conservati per il tempo necessario alla gestione " +
  "della richiesta e non sono comunicati a terzi, salvo obblighi di legge. L'interessato può esercitare i diritti " +
  "previsti dagli articoli 15-22 del Regolamento scrivendo al Responsabile della protezione dei dati del Comune.";

const anna: CrmCustomer = {
  codice_fiscale: "SPSNNA75T48F839X",
  email: "anna.esposito@example.it",
  mobile: "00393389876543",
  firstname: "Anna",
  lastname: "Esposito",
};
const mario: CrmCustomer = {
  codice_fiscale: "RSSMRA80A01H501U",
  email: "mario.rossi@example.it",
  mobile: null,
  firstname: "Mario",
  lastname: "Rossi",
};

const png1x1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const at = (iso: string) => new Date(iso);

/** Anna's TARI question with an image attached, answered by the tax office (open: state 2). */
function seedAnnaTariQuestion(crm: CrmTenantState): void {
  const open = createTicket(
    crm,
    {
      title: "Tributi",
      kind: "assistenza",
      type: "TARI - tassa rifiuti",
      customer: anna,
      utente_riconosciuto: 1,
      service_catalog_item_id: 2,
      service_catalog_sub_item_id: 201,
      body: "<p>Ho ricevuto due avvisi TARI per lo stesso anno. Quale devo pagare?</p>",
      attachments: [{ filename: "avviso.png", mimeType: "image/png", data: png1x1 }],
    },
    at("2026-10-02T08:30:00Z"),
  );
  open.state_id = 2;
  addArticle(
    crm,
    open,
    {
      sender: "Agent",
      from: "Ufficio Tributi",
      body: "<p>Buongiorno, il secondo avviso sostituisce il primo: paghi solo quello con la data più recente.</p>",
      attachments: [],
    },
    at("2026-10-05T10:00:00Z"),
  );
}

/** Anna's certificate problem, solved by the registry office and closed (state 4). */
function seedAnnaCertificateSolved(crm: CrmTenantState): void {
  const closed = createTicket(
    crm,
    {
      title: "Anagrafe e stato civile",
      kind: "assistenza",
      type: "Certificati anagrafici",
      customer: anna,
      utente_riconosciuto: 1,
      service_catalog_item_id: 1,
      service_catalog_sub_item_id: 101,
      body: "<p>Non riesco a scaricare il certificato di residenza.</p>",
      attachments: [],
    },
    at("2026-08-10T09:00:00Z"),
  );
  addArticle(
    crm,
    closed,
    {
      sender: "Agent",
      from: "Ufficio Anagrafe",
      body: "<p>Il problema è stato risolto: può scaricare di nuovo il certificato.</p>",
      attachments: [],
    },
    at("2026-08-11T09:00:00Z"),
  );
  closed.state_id = 4;
}

/** Anna's notifications question, not answered yet. */
function seedAnnaNotificationsQuestion(crm: CrmTenantState): void {
  createTicket(
    crm,
    {
      title: "Portale del cittadino",
      kind: "assistenza",
      type: "Notifiche e preferenze",
      customer: anna,
      utente_riconosciuto: 1,
      service_catalog_item_id: 4,
      service_catalog_sub_item_id: 402,
      body: "<p>Non ricevo più le notifiche via SMS.</p>",
      attachments: [],
    },
    at("2026-11-20T15:45:00Z"),
  );
}

/** Mario's missing payment notice, not answered yet. */
function seedMarioNoticeQuestion(crm: CrmTenantState): void {
  createTicket(
    crm,
    {
      title: "Pagamenti online",
      kind: "assistenza",
      type: "Avviso non trovato",
      customer: mario,
      utente_riconosciuto: 1,
      service_catalog_item_id: 3,
      service_catalog_sub_item_id: 301,
      body: "<p>Non trovo l'avviso di pagamento della mensa scolastica.</p>",
      attachments: [],
    },
    at("2026-11-18T11:00:00Z"),
  );
}

/** Seeds one citizen's tickets in one municipality (used by the seed and by the per-citizen reset). */
export function seedCitizenTickets(crm: CrmTenantState, tenantId: string, codFisc: string): void {
  if (codFisc === anna.codice_fiscale && (tenantId === "comune-a" || tenantId === "comune-b")) {
    seedAnnaTariQuestion(crm);
    seedAnnaCertificateSolved(crm);
    seedAnnaNotificationsQuestion(crm);
  }
  if (codFisc === mario.codice_fiscale && tenantId === "comune-a") seedMarioNoticeQuestion(crm);
}

const seededCitizens = [anna.codice_fiscale, mario.codice_fiscale];
const seededTenants = ["comune-a", "comune-b"];

export function seedCrm(): SandboxState["crm"] {
  const crm: SandboxState["crm"] = {};
  for (const tenantId of seededTenants) {
    const tenant = (crm[tenantId] = emptyCrmTenantState());
    for (const cf of seededCitizens) seedCitizenTickets(tenant, tenantId, cf);
  }
  return crm;
}

/** Per-citizen reset: removes the citizen's tickets and drafts in every municipality and re-seeds theirs. */
export function resetCrmCitizen(state: SandboxState, _seed: SandboxState, codFisc: string): void {
  state.crm ??= {};
  for (const tenantId of new Set([...Object.keys(state.crm), ...seededTenants])) {
    const tenant = (state.crm[tenantId] ??= emptyCrmTenantState());
    tenant.tickets = tenant.tickets.filter((t) => t.customer.codice_fiscale.toUpperCase() !== codFisc);
    tenant.drafts = tenant.drafts.filter((d) => d.codiceFiscale !== codFisc);
    seedCitizenTickets(tenant, tenantId, codFisc);
  }
}
