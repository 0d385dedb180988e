/**
 * The documents (MyDocs) part of the sandbox state: per municipality its areas ("ambiti") and, per citizen, the
 * documents' metadata. The PDF bytes are not stored: they are written on download from the metadata (`pdf.ts`).
 */
export type MyDocsArea = { idAmbito: number; denominazione: string };

export type MyDocsType = { descrizione: string; estensione: string; mimetype: string };

export type MyDocsDocument = {
  uuid: string;
  cfCittadino: string;
  descrizione: string;
  /** ISO date-time. */
  dtaCreazione: string;
  /** ISO date-time of expiry, when the document has one. */
  dtaFine: string | null;
  idAmbito: number;
  tipologia: MyDocsType;
  visibile: boolean;
};

export type MyDocsState = {
  /** Municipality id → its areas (only municipalities with MY_DOCS have any). */
  areas: Record<string, MyDocsArea[]>;
  /** Municipality id → citizen fiscal code → documents. */
  documents: Record<string, Record<string, MyDocsDocument[]>>;
};

const GIULIA = "BNCGLI85C55L219R";
const ANNA = "SPSNNA75T48F839X";

const areasA: MyDocsArea[] = [
  { idAmbito: 1, denominazione: "Tributi" },
  { idAmbito: 2, denominazione: "Anagrafe" },
  { idAmbito: 3, denominazione: "Edilizia" },
  { idAmbito: 4, denominazione: "Servizi scolastici" },
];

const pdf: MyDocsType = { descrizione: "Documento PDF", estensione: "pdf", mimetype: "application/pdf" };
const certificate: MyDocsType = {
  descrizione: "Certificato",
  estensione: "pdf",
  mimetype: "application/pdf",
};
const notice: MyDocsType = {
  descrizione: "Avviso di pagamento",
  estensione: "pdf",
  mimetype: "application/pdf",
};

/** A fixed uuid per citizen and index, so links in tests and demos stay the same across resets. */
function uuidFor(prefix: string, index: number): string {
  return `${prefix}-0000-4000-8000-${String(index).padStart(12, "0")}`;
}

type Draft = {
  descrizione: string;
  created: string;
  fine?: string;
  idAmbito: number;
  tipologia: MyDocsType;
};

function documents(codFisc: string, prefix: string, drafts: Draft[]): MyDocsDocument[] {
  return drafts.map((d, index) => ({
    uuid: uuidFor(prefix, index + 1),
    cfCittadino: codFisc,
    descrizione: d.descrizione,
    dtaCreazione: `${d.created}T09:30:00Z`,
    // Midday UTC: the same calendar day in Europe/Rome all year round.
    dtaFine: d.fine ? `${d.fine}T10:00:00Z` : null,
    idAmbito: d.idAmbito,
    tipologia: d.tipologia,
    visibile: true,
  }));
}

/** Giulia's twelve TARI instalment notices of 2025 (Tributi), each due at the end of its month. */
function giuliaTariInstalments(): Draft[] {
  const months = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"];
  return months.map((month, index) => ({
    descrizione: `Avviso TARI 2025 - rata ${index + 1}`,
    created: `2025-${month}-05`,
    fine: `2025-${month}-28`,
    idAmbito: 1,
    tipologia: notice,
  }));
}

/** Giulia: the IMU receipts of 2024 (Tributi). */
function giuliaImuReceipts(): Draft[] {
  return [
    { descrizione: "Ricevuta IMU acconto 2024", created: "2024-06-14", idAmbito: 1, tipologia: pdf },
    { descrizione: "Ricevuta IMU saldo 2024", created: "2024-12-13", idAmbito: 1, tipologia: pdf },
  ];
}

/** Giulia: certificates and the identity card's receipt (Anagrafe). */
function giuliaRegistryDocuments(): Draft[] {
  return [
    {
      descrizione: "Certificato di residenza",
      created: "2025-03-18",
      fine: "2025-09-18",
      idAmbito: 2,
      tipologia: certificate,
    },
    {
      descrizione: "Certificato di stato di famiglia",
      created: "2025-03-18",
      fine: "2025-09-18",
      idAmbito: 2,
      tipologia: certificate,
    },
    { descrizione: "Certificato di nascita", created: "2024-11-02", idAmbito: 2, tipologia: certificate },
    {
      descrizione: "Ricevuta carta d'identità elettronica",
      created: "2024-05-21",
      fine: "2034-05-21",
      idAmbito: 2,
      tipologia: pdf,
    },
  ];
}

/** Giulia: a building permit, a SCIA and a certificate of habitability (Edilizia). */
function giuliaBuildingDocuments(): Draft[] {
  return [
    {
      descrizione: "Permesso di costruire n. 112/2024",
      created: "2024-09-30",
      fine: "2027-09-30",
      idAmbito: 3,
      tipologia: pdf,
    },
    {
      descrizione: "SCIA ristrutturazione via dei Tigli 8",
      created: "2024-07-08",
      idAmbito: 3,
      tipologia: pdf,
    },
    { descrizione: "Certificato di agibilità", created: "2025-01-20", idAmbito: 3, tipologia: certificate },
  ];
}

/** Giulia: school canteen, school transport and nursery (Servizi scolastici). */
function giuliaSchoolDocuments(): Draft[] {
  return [
    {
      descrizione: "Iscrizione mensa scolastica 2025/2026",
      created: "2025-08-29",
      fine: "2026-06-30",
      idAmbito: 4,
      tipologia: pdf,
    },
    {
      descrizione: "Attestazione pagamento trasporto scolastico",
      created: "2025-09-10",
      idAmbito: 4,
      tipologia: pdf,
    },
    {
      descrizione: "Graduatoria asilo nido 2025",
      created: "2025-06-03",
      fine: "2025-12-31",
      idAmbito: 4,
      tipologia: pdf,
    },
  ];
}

/** Giulia: the TARI declaration and an IMU assessment notice (Tributi). */
function giuliaTaxLetters(): Draft[] {
  return [
    {
      descrizione: "Dichiarazione TARI utenza domestica",
      created: "2024-02-12",
      idAmbito: 1,
      tipologia: pdf,
    },
    {
      descrizione: "Avviso di accertamento IMU 2022",
      created: "2024-10-15",
      fine: "2024-12-14",
      idAmbito: 1,
      tipologia: notice,
    },
  ];
}

/** Giulia: 26 documents over four areas and two years (more than one page of 20). */
function giuliaDrafts(): Draft[] {
  return [
    ...giuliaTariInstalments(),
    ...giuliaImuReceipts(),
    ...giuliaRegistryDocuments(),
    ...giuliaBuildingDocuments(),
    ...giuliaSchoolDocuments(),
    ...giuliaTaxLetters(),
  ];
}

export function seedMyDocs(): MyDocsState {
  return {
    areas: { "comune-a": areasA },
    documents: {
      "comune-a": {
        [GIULIA]: documents(GIULIA, "9a11b1a0", giuliaDrafts()),
        [ANNA]: documents(ANNA, "5a55e500", [
          {
            descrizione: "Avviso TARI 2025",
            created: "2025-04-02",
            fine: "2025-05-31",
            idAmbito: 1,
            tipologia: notice,
          },
          {
            descrizione: "Certificato di residenza",
            created: "2025-02-11",
            fine: "2025-08-11",
            idAmbito: 2,
            tipologia: certificate,
          },
          {
            descrizione: "Permesso di costruire n. 7/2025",
            created: "2025-05-19",
            fine: "2028-05-19",
            idAmbito: 3,
            tipologia: pdf,
          },
          {
            descrizione: "Ricevuta iscrizione mensa scolastica",
            created: "2025-09-01",
            idAmbito: 4,
            tipologia: pdf,
          },
        ]),
      },
    },
  };
}
