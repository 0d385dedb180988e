import type { DelegaStato, DocumentSlot } from "../../shared/api/deleghe.ts";
import { todayInRome } from "../../shared/dates.ts";

/**
 * Delegations (DELEGHE) as the sandbox keeps them: per municipality, the shape of `shared/api/deleghe.ts` (ours,
 * see there) plus the sandbox's bookkeeping (`services` as ids, attachment bytes). SCADUTA and NON_ATTIVA are not
 * stored: an APPROVATA delegation is read as such from its dates (`effectiveStatus`).
 */
export type StoredPersona = { codiceFiscale: string; nome: string; cognome: string };
export type StoredAllegato = {
  slot: DocumentSlot;
  nomeFile: string;
  tipo: string;
  /** base64 */
  dati: string;
};
export type StoredDelega = {
  uuidDelega: string;
  delegante: StoredPersona;
  delegato: StoredPersona;
  servizi: number[];
  dataInizio: string;
  dataScadenza: string;
  stato: DelegaStato;
  motivo: string | null;
  dataCreazione: string;
  /** A request made by the delegate with the three documents (waits for the operator). */
  richiesta: { allegati: StoredAllegato[] } | null;
};
export type DelegheState = { byTenant: Record<string, StoredDelega[]>; next: number };

/** The status as read today: an approved delegation before its start is NON_ATTIVA, after its end SCADUTA. */
export function effectiveStatus(delega: StoredDelega, today: string): DelegaStato {
  if (delega.stato !== "APPROVATA") return delega.stato;
  if (delega.dataScadenza < today) return "SCADUTA";
  if (delega.dataInizio > today) return "NON_ATTIVA";
  return "APPROVATA";
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
}

const MARIO = { codiceFiscale: "RSSMRA80A01H501U", nome: "Mario", cognome: "Rossi" };
const GIULIA = { codiceFiscale: "BNCGLI85C55L219R", nome: "Giulia", cognome: "Bianchi" };
const LUCA = { codiceFiscale: "VRDLCU90E10F205V", nome: "Luca", cognome: "Verdi" };
const ANNA = { codiceFiscale: "SPSNNA75T48F839X", nome: "Anna", cognome: "Esposito" };

/** A one-pixel PNG: the seeded request's documents. */
const PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const MINI_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
).toString("base64");

/**
 * Valverde (comune-a, DELEGHE on, 365 days), dates relative to `now`: Anna delegated Mario (approved, live, TARI and
 * certificates); Mario delegated Giulia (waiting for her), once Luca (withdrawn) and once Anna (expired); Luca asked,
 * with the documents, to act for Giulia (waiting for the operator); a request of Luca for Anna was refused.
 */
export function seedDeleghe(now: Date = new Date()): DelegheState {
  const today = todayInRome(now);
  const created = (days: number) => `${addDays(today, days)}T09:00:00.000Z`;
  const row = (
    n: number,
    delegante: StoredPersona,
    delegato: StoredPersona,
    servizi: number[],
    from: number,
    to: number,
    stato: DelegaStato,
    extra: Partial<StoredDelega> = {},
  ): StoredDelega => ({
    uuidDelega: `dlg-a-${String(n).padStart(4, "0")}`,
    delegante,
    delegato,
    servizi,
    dataInizio: addDays(today, from),
    dataScadenza: addDays(today, to),
    stato,
    motivo: null,
    dataCreazione: created(from),
    richiesta: null,
    ...extra,
  });
  const documents = (): StoredAllegato[] => [
    { slot: "CI_FRONTE", nomeFile: "carta-identita-fronte.png", tipo: "image/png", dati: PIXEL_PNG },
    { slot: "CI_RETRO", nomeFile: "carta-identita-retro.png", tipo: "image/png", dati: PIXEL_PNG },
    { slot: "MODULO_DELEGA", nomeFile: "modulo-delega.pdf", tipo: "application/pdf", dati: MINI_PDF },
  ];
  return {
    byTenant: {
      "comune-a": [
        row(1, ANNA, MARIO, [104, 102], -30, 200, "APPROVATA"),
        row(2, MARIO, GIULIA, [101, 109], -2, 120, "ATTESA_DELEGATO"),
        row(3, MARIO, LUCA, [104], -90, 60, "RITIRATA"),
        row(4, MARIO, ANNA, [102], -400, -35, "APPROVATA"),
        row(5, GIULIA, LUCA, [108], -1, 90, "ATTESA_OPERATORE", { richiesta: { allegati: documents() } }),
        row(6, ANNA, LUCA, [112], -20, 100, "RIFIUTATA", {
          motivo: "Il modulo di delega non è firmato dal delegante.",
          richiesta: { allegati: documents() },
        }),
      ],
    },
    next: 7,
  };
}

/** `POST /__sandbox/citizens/:cf/reset`: the citizen's delegations (either side) back to the seed. */
export function resetDelegheCitizen(
  state: { deleghe: DelegheState },
  seed: { deleghe: DelegheState },
  codFisc: string,
): void {
  const involves = (d: StoredDelega) =>
    d.delegante.codiceFiscale === codFisc || d.delegato.codiceFiscale === codFisc;
  for (const tenantId of new Set([
    ...Object.keys(state.deleghe.byTenant),
    ...Object.keys(seed.deleghe.byTenant),
  ])) {
    const others = (state.deleghe.byTenant[tenantId] ?? []).filter((d) => !involves(d));
    const seeded = (seed.deleghe.byTenant[tenantId] ?? []).filter(involves).map((d) => structuredClone(d));
    state.deleghe.byTenant[tenantId] = [...others, ...seeded];
  }
}
