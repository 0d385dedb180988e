/**
 * MYPAY engine of the sandbox. MYPAY's payloads are NOT public: the contract (§6) names only the calls
 * (`GET mypay/posizioni/{cf}`, `GET /mypay/tipologie`, `POST /mypay/importaDovutoImmediato`, `POST
 * /mypay/importaDovuto`, `mypay/verificaAvviso/{id}`) and a few fields (`spontaneo`, `datiSpecificiRiscossione`,
 * notes and typology query parameters). Every shape below is OUR definition, mirrored by the zod schemas in
 * shared/api/mypay.ts: known = the call names and those fields; invented = everything else (field names follow
 * MyPay's Italian vocabulary: dovuto, causale, pagatore, anagrafica; statuses DA_PAGARE / PAGATO / ANNULLATO).
 * The IUV follows pagoPA's aux digit 3 rule: codice avviso = "3" + IUV (17 digits).
 */
import { randomBytes } from "node:crypto";
import { pdfDate, writePdf } from "../pdf.ts";
import { CREDITOR_FISCAL_CODES } from "../ppay/positions.ts";
import type { SandboxState } from "../types.ts";

/** A MYPAY payment type (`GET /api-public/mypay/tipologie`). */
export type MypayTipologia = {
  codTipo: string;
  descrizione: string;
  /** Offered for spontaneous payments (contract §6: `spontaneo`). */
  spontaneo: boolean;
  notePerIlPagatore: string | null;
  /** The payer must write a reason (causale) for this type. */
  noteObbligatorie: boolean;
  /** The accounting code of the type (contract §6), e.g. "9/0101100IM". */
  datiSpecificiRiscossione: string;
  /** The highest amount (euro) of a spontaneous payment of the type (our definition; absent: no limit). */
  importoMassimo?: number;
};

export type MypayStato = "DA_PAGARE" | "PAGATO" | "ANNULLATO";
export type MypayPagatore = {
  tipo: "F" | "G";
  codiceIdentificativo: string;
  anagrafica: string;
  email: string;
};

/** A due ("dovuto") of MYPAY: created by the municipality, or by the portal (immediate or deferred). */
export type MypayDovuto = {
  iuv: string;
  codiceAvviso: string;
  codTipo: string;
  causale: string;
  importo: number;
  dataScadenza: string | null;
  stato: MypayStato;
  dataPagamento: string | null;
  /** Created by importaDovutoImmediato (paid straight away at pagoPA) rather than importaDovuto. */
  immediato: boolean;
  /**
   * Who created it (our definition, issue #40): the municipality (its own dues, whose causale it wrote) or a payer
   * through the portal's spontaneous payment (`importaDovuto*`: anyone may name any tax code).
   */
  creatoDa: "ENTE" | "PAGATORE";
  pagatore: MypayPagatore;
};

export type MypayState = {
  tipologie: Record<string, MypayTipologia[]>;
  dovuti: Record<string, MypayDovuto[]>;
  nextSeq: number;
};

const TENANT_DIGIT: Record<string, string> = { "comune-a": "1", "comune-b": "2" };

/** A 17-digit IUV: "{tenant}9{year 2026}{seq, 11 digits}" ("9" keeps it apart from PPAY's seeded IUVs). */
export function mypayIuv(tenantId: string, seq: number): string {
  return `${TENANT_DIGIT[tenantId] ?? "9"}92026${String(seq).padStart(11, "0")}`;
}

export const ANNA = "SPSNNA75T48F839X";
export const MARIO = "RSSMRA80A01H501U";

const TIPOLOGIE: MypayTipologia[] = [
  {
    codTipo: "DIRITTI_SEGRETERIA",
    descrizione: "Diritti di segreteria",
    spontaneo: true,
    notePerIlPagatore: "Indica nella causale il numero della pratica edilizia.",
    noteObbligatorie: true,
    datiSpecificiRiscossione: "9/0101100IM",
  },
  {
    codTipo: "CANONE_MERCATO",
    descrizione: "Canone occupazione posteggio mercato",
    spontaneo: true,
    notePerIlPagatore: null,
    noteObbligatorie: false,
    datiSpecificiRiscossione: "9/0301200CM",
    importoMassimo: 500,
  },
  {
    codTipo: "LAMPADE_VOTIVE",
    descrizione: "Lampade votive cimiteriali",
    spontaneo: false,
    notePerIlPagatore: "Avviso emesso annualmente dal Comune.",
    noteObbligatorie: false,
    datiSpecificiRiscossione: "9/0301300LV",
  },
];

function pagatore(codFisc: string, anagrafica: string, email: string): MypayPagatore {
  return { tipo: "F", codiceIdentificativo: codFisc, anagrafica, email };
}

/** A due the municipality issued (the seed's dues are all the municipality's own). */
function seedDue(
  seq: number,
  row: Omit<MypayDovuto, "iuv" | "codiceAvviso" | "immediato" | "dataPagamento" | "creatoDa"> & {
    dataPagamento?: string;
  },
): MypayDovuto {
  const iuv = mypayIuv("comune-a", seq);
  return {
    ...row,
    iuv,
    codiceAvviso: `3${iuv}`,
    immediato: false,
    creatoDa: "ENTE",
    dataPagamento: row.dataPagamento ?? null,
  };
}

/** MYPAY exists only on comune-a (Valverde): three types, dues for Anna and Mario in every status. */
export function seedMypay(): MypayState {
  const anna = pagatore(ANNA, "Anna Esposito", "anna.esposito@example.org");
  const mario = pagatore(MARIO, "Mario Rossi", "mario.rossi@example.org");
  const dovuti = [
    seedDue(1, {
      codTipo: "DIRITTI_SEGRETERIA",
      causale: "Diritti di segreteria pratica edilizia 2025/118",
      importo: 52,
      dataScadenza: "2025-11-30",
      stato: "PAGATO",
      dataPagamento: "2025-11-12T10:20:00.000Z",
      pagatore: anna,
    }),
    seedDue(2, {
      codTipo: "DIRITTI_SEGRETERIA",
      causale: "Diritti di istruttoria SCIA 2026/042",
      importo: 100,
      dataScadenza: "2027-02-28",
      stato: "DA_PAGARE",
      pagatore: anna,
    }),
    seedDue(3, {
      codTipo: "LAMPADE_VOTIVE",
      causale: "Lampade votive 2026",
      importo: 18.5,
      dataScadenza: "2027-01-31",
      stato: "DA_PAGARE",
      pagatore: anna,
    }),
    seedDue(4, {
      codTipo: "DIRITTI_SEGRETERIA",
      causale: "Diritti di segreteria pratica 2025/007",
      importo: 26,
      dataScadenza: "2025-05-31",
      stato: "ANNULLATO",
      pagatore: mario,
    }),
    seedDue(5, {
      codTipo: "DIRITTI_SEGRETERIA",
      causale: "Diritti di segreteria CILA 2026/015",
      importo: 75.25,
      dataScadenza: "2027-04-30",
      stato: "DA_PAGARE",
      pagatore: mario,
    }),
  ];
  return {
    tipologie: { "comune-a": structuredClone(TIPOLOGIE) },
    dovuti: { "comune-a": dovuti },
    nextSeq: 1000,
  };
}

const payerOf = (d: MypayDovuto) => d.pagatore.codiceIdentificativo.toUpperCase();

/** Restores the citizen's dues (as payer) from the seed and forgets the dues the portal created for them. */
export function resetMypay(state: SandboxState, seed: SandboxState, codFisc: string): void {
  const cf = codFisc.toUpperCase();
  for (const tenantId of new Set([...Object.keys(state.mypay.dovuti), ...Object.keys(seed.mypay.dovuti)])) {
    const current = state.mypay.dovuti[tenantId] ?? [];
    state.mypay.dovuti[tenantId] = [
      ...current.filter((d) => payerOf(d) !== cf),
      ...structuredClone((seed.mypay.dovuti[tenantId] ?? []).filter((d) => payerOf(d) === cf)),
    ];
  }
  for (const [token, checkout] of Object.entries(state.ppay.checkouts)) {
    if (checkout.engine === "mypay" && checkout.codFisc.toUpperCase() === cf)
      delete state.ppay.checkouts[token];
  }
}

export function findDue(state: SandboxState, tenantId: string, iuv: string): MypayDovuto | undefined {
  return state.mypay.dovuti[tenantId]?.find((d) => d.iuv === iuv);
}

export function citizenDues(state: SandboxState, tenantId: string, codFisc: string): MypayDovuto[] {
  const cf = codFisc.toUpperCase();
  return (state.mypay.dovuti[tenantId] ?? []).filter((d) => payerOf(d) === cf);
}

/** The body of both POSTs (our definition), already checked by the router. */
export type NewDue = {
  codTipo: string;
  importo: number;
  causale: string;
  pagatore: MypayPagatore;
};

/** Creates a due: every call a new one (no idempotency; see client/lib/write-once.server.ts for the portal's). */
export function createDue(
  state: SandboxState,
  tenantId: string,
  body: NewDue,
  options: { immediato: boolean; now?: Date },
): MypayDovuto {
  const iuv = mypayIuv(tenantId, state.mypay.nextSeq++);
  const due: MypayDovuto = {
    iuv,
    codiceAvviso: `3${iuv}`,
    codTipo: body.codTipo,
    causale: body.causale,
    importo: body.importo,
    // A deferred due is payable for 30 days; an immediate one has no due date.
    dataScadenza: options.immediato
      ? null
      : new Date((options.now ?? new Date()).getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
    stato: "DA_PAGARE",
    dataPagamento: null,
    immediato: options.immediato,
    creatoDa: "PAGATORE",
    pagatore: { ...body.pagatore, codiceIdentificativo: body.pagatore.codiceIdentificativo.toUpperCase() },
  };
  (state.mypay.dovuti[tenantId] ??= []).push(due);
  return due;
}

export function markDuePaid(due: MypayDovuto, now = new Date()): void {
  if (due.stato !== "DA_PAGARE") return;
  due.stato = "PAGATO";
  due.dataPagamento = now.toISOString();
}

const euro = (importo: number) => `EUR ${importo.toFixed(2).replace(".", ",")}`;

/** `PAGOPA|002|<codice avviso>|<CF ente>|<importo in centesimi>`. */
export function mypayQrContent(due: MypayDovuto, creditor: string): string {
  return `PAGOPA|002|${due.codiceAvviso}|${creditor}|${Math.round(due.importo * 100)}`;
}

export function mypayNoticePdf(due: MypayDovuto, tenantName: string, tenantId: string): Buffer {
  const creditor = CREDITOR_FISCAL_CODES[tenantId] ?? "00000000000";
  return writePdf(
    "Avviso di pagamento pagoPA (MyPay)",
    [
      `Ente creditore: ${tenantName}`,
      `Codice fiscale ente: ${creditor}`,
      `Pagatore: ${due.pagatore.anagrafica} (${due.pagatore.codiceIdentificativo})`,
      `Causale: ${due.causale}`,
      `Codice avviso: ${due.codiceAvviso}`,
      `IUV: ${due.iuv}`,
      `Importo: ${euro(due.importo)}`,
      `Scadenza: ${pdfDate(due.dataScadenza)}`,
      "Documento generato dall'ambiente dimostrativo (sandbox).",
      "Codice QR pagoPA: inquadralo con l'app della tua banca o di un prestatore di servizi di pagamento.",
    ],
    { qr: mypayQrContent(due, creditor) },
  );
}

/** The receipt of a paid due (our definition, issue #40: MYPAY dues had none), dates in Italian. */
export function mypayReceiptPdf(due: MypayDovuto, tenantName: string, tenantId: string): Buffer {
  const creditor = CREDITOR_FISCAL_CODES[tenantId] ?? "00000000000";
  return writePdf("Ricevuta di pagamento pagoPA (MyPay)", [
    `Ente creditore: ${tenantName}`,
    `Codice fiscale ente: ${creditor}`,
    `Pagatore: ${due.pagatore.anagrafica} (${due.pagatore.codiceIdentificativo})`,
    `Causale: ${due.causale}`,
    `Codice avviso: ${due.codiceAvviso}`,
    `IUV: ${due.iuv}`,
    `Importo pagato: ${euro(due.importo)}`,
    `Data pagamento: ${pdfDate(due.dataPagamento)}`,
    "Documento generato dall'ambiente dimostrativo (sandbox).",
  ]);
}

export function newCheckoutToken(): string {
  return randomBytes(16).toString("hex");
}
