import { randomBytes } from "node:crypto";
import type { SandboxState } from "../types.ts";
import { pdfDate, writePdf } from "../pdf.ts";

/** One debt position exactly as PPAY answers it (`DebtPositionDetail`, contract §6). */
export type SandboxDebtPosition = {
  descrizionePagamento: string;
  codiceAvviso: string;
  iuv: string;
  codiceVersamento: string;
  descrizionePortale: string;
  importo: number;
  componentiPagamento: Array<{ importo: number; causale: string }>;
  dataScadenza: string;
  dataOraOperazione: string | null;
  dataEsitoPagamento: string | null;
  identificativoUnicoRiscossione: string | null;
  numeroTransazione: string | null;
  prestatoreServiziPagamento: string | null;
  infoAggiuntive: string | null;
  presenzaQuietanza: boolean;
  /** "0" paid, "1" not paid, "2" cancelled. */
  codiceStatoPagamento: "0" | "1" | "2";
  descrizioneStatoPagamento: string;
};

/** A pagoPA checkout opened for one position: the token is the last segment of the payment URL. */
export type SandboxCheckout = {
  tenantId: string;
  codFisc: string;
  iuv: string;
  returnBase: string;
  /** The engine that owns the IUV (sandbox/ppay/checkout.ts `registerCheckoutEngine`); PPAY when missing. */
  engine?: string;
};

/** PPAY debt positions per municipality and citizen, and the open checkouts of the pagoPA stand-in. */
export type PpayState = {
  positions: Record<string, Record<string, SandboxDebtPosition[]>>;
  checkouts: Record<string, SandboxCheckout>;
  /**
   * Paid positions whose receipt (pagoPA's Ricevuta Telematica) has not arrived yet: "{tenantId}:{CF}:{IUV}". The
   * checkout pays without a receipt while the fault switch `pagopa-rt` is "down"; the receipt arrives at the first
   * PPAY read after the switch is cleared (`deliverLateReceipts`).
   */
  lateReceipts?: string[];
};

/** The creditor's (the municipality's) fiscal code printed on notices and in the pagoPA QR code. */
export const CREDITOR_FISCAL_CODES: Record<string, string> = {
  "comune-a": "80012340011",
  "comune-b": "80056780022",
};

const STATUS_LABELS = { "0": "Pagato", "1": "Non pagato", "2": "Annullato" } as const;

type SeedRow = {
  seq: number;
  codiceVersamento: string;
  descrizione: string;
  tipologia: string;
  importo: number;
  scadenza: string;
  stato: "0" | "1" | "2";
  pagatoIl?: string;
  note?: string;
};

const TENANT_DIGIT: Record<string, string> = { "comune-a": "1", "comune-b": "2" };
const CITIZEN_DIGIT: Record<string, string> = { SPSNNA75T48F839X: "1", RSSMRA80A01H501U: "2" };

/** A 17-digit IUV, unique per municipality, citizen and sequence: "{tenant}{citizen}2026{seq, 11 digits}". */
export function seedIuv(tenantId: string, codFisc: string, seq: number): string {
  return `${TENANT_DIGIT[tenantId]}${CITIZEN_DIGIT[codFisc]}2026${String(seq).padStart(11, "0")}`;
}

function position(tenantId: string, codFisc: string, row: SeedRow): SandboxDebtPosition {
  const iuv = seedIuv(tenantId, codFisc, row.seq);
  const paid = row.stato === "0";
  return {
    descrizionePagamento: row.descrizione,
    codiceAvviso: `3${iuv}`,
    iuv,
    codiceVersamento: row.codiceVersamento,
    descrizionePortale: row.tipologia,
    importo: row.importo,
    componentiPagamento: [{ importo: row.importo, causale: row.descrizione }],
    dataScadenza: row.scadenza,
    dataOraOperazione: paid ? (row.pagatoIl ?? null) : null,
    dataEsitoPagamento: paid ? (row.pagatoIl ?? null) : null,
    identificativoUnicoRiscossione: paid ? `IUR${iuv.slice(-8)}` : null,
    numeroTransazione: paid ? `TRX-${iuv.slice(-6)}` : null,
    prestatoreServiziPagamento: paid ? "Banca dimostrativa S.p.A." : null,
    infoAggiuntive: row.note ?? null,
    presenzaQuietanza: paid,
    codiceStatoPagamento: row.stato,
    descrizioneStatoPagamento: STATUS_LABELS[row.stato],
  };
}

const ANNA_ROWS: SeedRow[] = [
  {
    seq: 1,
    codiceVersamento: "TARI",
    descrizione: "TARI 2025 - rata unica",
    tipologia: "Tassa rifiuti",
    importo: 245.6,
    scadenza: "2025-06-30",
    stato: "0",
    pagatoIl: "2025-06-12T09:41:00.000Z",
  },
  {
    seq: 2,
    codiceVersamento: "MENSA",
    descrizione: "Mensa scolastica - marzo 2026",
    tipologia: "Servizi scolastici",
    importo: 58,
    scadenza: "2026-04-15",
    stato: "0",
    pagatoIl: "2026-04-02T15:10:00.000Z",
  },
  {
    seq: 3,
    codiceVersamento: "CDS",
    descrizione: "Contravvenzione codice della strada n. 1532",
    tipologia: "Contravvenzioni",
    importo: 42,
    scadenza: "2025-10-31",
    stato: "2",
    note: "Verbale annullato in autotutela",
  },
  {
    seq: 4,
    codiceVersamento: "IMU",
    descrizione: "IMU 2025 - saldo",
    tipologia: "Imposta municipale",
    importo: 412.5,
    scadenza: "2025-12-16",
    stato: "1",
  },
  {
    seq: 5,
    codiceVersamento: "MENSA",
    descrizione: "Mensa scolastica - aprile 2026",
    tipologia: "Servizi scolastici",
    importo: 61.5,
    scadenza: "2027-05-15",
    stato: "1",
  },
  {
    seq: 6,
    codiceVersamento: "TARI",
    descrizione: "TARI 2026 - prima rata",
    tipologia: "Tassa rifiuti",
    importo: 1234.5,
    scadenza: "2027-03-31",
    stato: "1",
    note: "Utenza domestica, via Roma 12",
  },
];

const MARIO_ROWS: SeedRow[] = [
  {
    seq: 1,
    codiceVersamento: "TARI",
    descrizione: "TARI 2025 - rata unica",
    tipologia: "Tassa rifiuti",
    importo: 180.2,
    scadenza: "2025-06-30",
    stato: "0",
    pagatoIl: "2025-06-20T10:00:00.000Z",
  },
  {
    seq: 2,
    codiceVersamento: "CDS",
    descrizione: "Contravvenzione codice della strada n. 877",
    tipologia: "Contravvenzioni",
    importo: 87.5,
    scadenza: "2025-09-30",
    stato: "2",
  },
  {
    seq: 3,
    codiceVersamento: "IMU",
    descrizione: "IMU 2025 - acconto",
    tipologia: "Imposta municipale",
    importo: 310,
    scadenza: "2025-06-16",
    stato: "1",
  },
  {
    seq: 4,
    codiceVersamento: "TARI",
    descrizione: "TARI 2026 - prima rata",
    tipologia: "Tassa rifiuti",
    importo: 96.4,
    scadenza: "2027-03-31",
    stato: "1",
  },
];

/** Anna and Mario have paid, unpaid (one expired), and cancelled positions on both PPAY municipalities. */
export function seedPpay(): PpayState {
  const positions: PpayState["positions"] = {};
  for (const tenantId of ["comune-a", "comune-b"]) {
    positions[tenantId] = {
      SPSNNA75T48F839X: ANNA_ROWS.map((row) => position(tenantId, "SPSNNA75T48F839X", row)),
      RSSMRA80A01H501U: MARIO_ROWS.map((row) => position(tenantId, "RSSMRA80A01H501U", row)),
    };
  }
  return { positions, checkouts: {} };
}

export function resetPpay(state: SandboxState, seed: SandboxState, codFisc: string): void {
  for (const tenantId of new Set([
    ...Object.keys(state.ppay.positions),
    ...Object.keys(seed.ppay.positions),
  ])) {
    const byCitizen = (state.ppay.positions[tenantId] ??= {});
    const seeded = seed.ppay.positions[tenantId]?.[codFisc];
    if (seeded) byCitizen[codFisc] = structuredClone(seeded);
    else delete byCitizen[codFisc];
  }
  for (const [token, checkout] of Object.entries(state.ppay.checkouts)) {
    if (checkout.codFisc === codFisc) delete state.ppay.checkouts[token];
  }
}

export function citizenPositions(
  state: SandboxState,
  tenantId: string,
  codFisc: string,
): SandboxDebtPosition[] {
  return state.ppay.positions[tenantId]?.[codFisc.toUpperCase()] ?? [];
}

export function findPosition(
  state: SandboxState,
  tenantId: string,
  codFisc: string,
  iuv: string,
): SandboxDebtPosition | undefined {
  return citizenPositions(state, tenantId, codFisc).find((p) => p.iuv === iuv);
}

export type ListQuery = {
  currentPage: number;
  elements: number;
  sort: { field: "iuv" | "codiceVersamento" | "dataScadenza" | "importo"; desc: boolean };
  status?: "0" | "1";
  iuv?: string;
};

/** Reads the list's query like PPAY (`status` PAYED|NOT_PAYED, and the original front end's 0/1): null when invalid. */
export function readListQuery(query: Record<string, unknown>): ListQuery | null {
  const text = (name: string) => (typeof query[name] === "string" ? (query[name] as string) : undefined);
  const int = (name: string, fallback: number) => {
    const value = text(name);
    if (value === undefined || value === "") return fallback;
    return /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
  };
  const currentPage = int("currentPage", 1);
  const elements = int("elements", 10);
  if (!(currentPage >= 1) || !(elements >= 1 && elements <= 100)) return null;
  // "+iuv" sent unencoded arrives as " iuv".
  const sortMatch = /^([+\- ]?)(iuv|codiceVersamento|dataScadenza|importo)$/.exec(text("sort") ?? "-iuv");
  if (!sortMatch) return null;
  const statusText = text("status");
  const statuses: Record<string, "0" | "1"> = { PAYED: "0", NOT_PAYED: "1", "0": "0", "1": "1" };
  if (statusText !== undefined && statusText !== "" && !(statusText in statuses)) return null;
  const iuv = text("iuv");
  if (iuv !== undefined && iuv !== "" && !/^\d{17,35}$/.test(iuv)) return null;
  return {
    currentPage,
    elements,
    sort: { field: sortMatch[2] as ListQuery["sort"]["field"], desc: sortMatch[1] === "-" },
    status: statusText ? statuses[statusText] : undefined,
    iuv: iuv || undefined,
  };
}

/** One page of the citizen's positions (`Page & { debtPositions }`). */
export function listPositions(positions: readonly SandboxDebtPosition[], query: ListQuery) {
  const { field, desc } = query.sort;
  const filtered = positions
    .filter((p) => !query.status || p.codiceStatoPagamento === query.status)
    .filter((p) => !query.iuv || p.iuv === query.iuv)
    .toSorted((a, b) => {
      const x = a[field];
      const y = b[field];
      const order =
        typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
      return desc ? -order : order;
    });
  const start = (query.currentPage - 1) * query.elements;
  return {
    currentPage: query.currentPage,
    totalElements: filtered.length,
    totPages: Math.ceil(filtered.length / query.elements),
    pageSize: query.elements,
    debtPositions: filtered.slice(start, start + query.elements),
  };
}

function euro(importo: number): string {
  return `EUR ${importo.toFixed(2).replace(".", ",")}`;
}

/** The pagoPA QR code's content: `PAGOPA|002|<codice avviso>|<CF ente>|<importo in centesimi>`. */
export function qrContent(p: SandboxDebtPosition, creditor: string): string {
  return `PAGOPA|002|${p.codiceAvviso}|${creditor}|${Math.round(p.importo * 100)}`;
}

export function noticePdf(p: SandboxDebtPosition, tenantName: string, tenantId: string): Buffer {
  const creditor = CREDITOR_FISCAL_CODES[tenantId] ?? "00000000000";
  return writePdf(
    "Avviso di pagamento pagoPA",
    [
      `Ente creditore: ${tenantName}`,
      `Codice fiscale ente: ${creditor}`,
      `Oggetto: ${p.descrizionePagamento}`,
      `Codice avviso: ${p.codiceAvviso}`,
      `IUV: ${p.iuv}`,
      `Importo: ${euro(p.importo)}`,
      `Scadenza: ${pdfDate(p.dataScadenza)}`,
      "Documento generato dall'ambiente dimostrativo (sandbox).",
      "Codice QR pagoPA: inquadralo con l'app della tua banca o di un prestatore di servizi di pagamento.",
    ],
    { qr: qrContent(p, creditor) },
  );
}

export function receiptPdf(p: SandboxDebtPosition, tenantName: string, codFisc: string): Buffer {
  return writePdf("Ricevuta di pagamento pagoPA", [
    `Ente creditore: ${tenantName}`,
    `Pagatore: ${codFisc}`,
    `Oggetto: ${p.descrizionePagamento}`,
    `Codice avviso: ${p.codiceAvviso}`,
    `IUV: ${p.iuv}`,
    `Importo pagato: ${euro(p.importo)}`,
    `Data pagamento: ${pdfDate(p.dataEsitoPagamento)}`,
    `Identificativo riscossione: ${p.identificativoUnicoRiscossione ?? "-"}`,
    `Prestatore di servizi di pagamento: ${p.prestatoreServiziPagamento ?? "-"}`,
    "Documento generato dall'ambiente dimostrativo (sandbox).",
  ]);
}

/** The token of the checkout for this position: the same while it is open (a double submit pays once). */
export function openCheckout(state: SandboxState, checkout: SandboxCheckout): string {
  const existing = Object.entries(state.ppay.checkouts).find(
    ([, c]) => c.tenantId === checkout.tenantId && c.codFisc === checkout.codFisc && c.iuv === checkout.iuv,
  );
  if (existing) {
    existing[1].returnBase = checkout.returnBase;
    return existing[0];
  }
  const token = randomBytes(16).toString("hex");
  state.ppay.checkouts[token] = checkout;
  return token;
}

/** The checkout paid: the position becomes "0" with its receipt (`receipt: false`: the receipt comes later). */
export function markPaid(p: SandboxDebtPosition, now = new Date(), receipt = true): void {
  if (p.codiceStatoPagamento !== "1") return;
  const at = now.toISOString();
  p.codiceStatoPagamento = "0";
  p.descrizioneStatoPagamento = STATUS_LABELS["0"];
  p.dataOraOperazione = at;
  p.dataEsitoPagamento = at;
  p.identificativoUnicoRiscossione = `IUR${p.iuv.slice(-8)}`;
  p.numeroTransazione = `TRX-${randomBytes(3).toString("hex").toUpperCase()}`;
  p.prestatoreServiziPagamento = "Banca dimostrativa S.p.A.";
  p.presenzaQuietanza = receipt;
}

/** The receipts held back while `pagopa-rt` was down arrive: their positions get `presenzaQuietanza`. */
export function deliverLateReceipts(state: SandboxState): void {
  const late = state.ppay.lateReceipts;
  if (!late?.length) return;
  for (const key of late) {
    const [tenantId, codFisc, iuv] = key.split(":");
    const p = findPosition(state, tenantId!, codFisc!, iuv!);
    if (p && p.codiceStatoPagamento === "0") p.presenzaQuietanza = true;
  }
  state.ppay.lateReceipts = [];
}
