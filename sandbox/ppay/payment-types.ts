/** One PPAY payment type (`PaymentType`, contract §6) as the organization's catalogue answers it. */
export type SandboxPaymentType = {
  codiceVersamento: string;
  descrizioneVersamento: string;
  notePerIlPagatore?: string;
  noteObbligatorie?: boolean;
};

/**
 * The spontaneous payment types of each PPAY municipality (static: the catalogue is configured in PiemontePay, not
 * changed by the portal). Some carry notes for the payer, and some require the payer's note ("causale").
 */
export const PAYMENT_TYPES: Record<string, readonly SandboxPaymentType[]> = {
  "comune-a": [
    {
      codiceVersamento: "DIRSEG",
      descrizioneVersamento: "Diritti di segreteria",
      notePerIlPagatore: "Indica nelle note il numero della pratica a cui si riferisce il pagamento.",
      noteObbligatorie: true,
    },
    { codiceVersamento: "MENSA", descrizioneVersamento: "Mensa scolastica - ricarica" },
    {
      codiceVersamento: "OSAP",
      descrizioneVersamento: "Occupazione suolo pubblico",
      notePerIlPagatore: "L'importo è indicato nell'autorizzazione rilasciata dall'ufficio tecnico.",
    },
    {
      codiceVersamento: "CIE",
      descrizioneVersamento: "Carta d'identità elettronica",
      notePerIlPagatore: "Importo di € 22,21 per il primo rilascio.",
    },
    {
      codiceVersamento: "SANZ",
      descrizioneVersamento: "Sanzioni amministrative",
      notePerIlPagatore: "Indica nelle note il numero del verbale.",
      noteObbligatorie: true,
    },
  ],
  "comune-b": [
    {
      codiceVersamento: "TRASP",
      descrizioneVersamento: "Trasporto scolastico",
      notePerIlPagatore: "Indica nelle note il nome dello studente.",
      noteObbligatorie: true,
    },
    { codiceVersamento: "CIMIT", descrizioneVersamento: "Servizi cimiteriali" },
    { codiceVersamento: "DIRSEG", descrizioneVersamento: "Diritti di segreteria" },
  ],
};

export function paymentTypesOf(tenantId: string): readonly SandboxPaymentType[] {
  return PAYMENT_TYPES[tenantId] ?? [];
}

/**
 * `GET /api-public/ppay/paymenttypes`: `Page & { paymentTypes }`; `paymentTypesDescription` (at least 3 characters)
 * filters by description, case-insensitively. Null when the query is invalid.
 */
export function listPaymentTypes(tenantId: string, query: Record<string, unknown>) {
  const description = typeof query.paymentTypesDescription === "string" ? query.paymentTypesDescription : "";
  if (description !== "" && description.trim().length < 3) return null;
  const needle = description.trim().toLowerCase();
  const found = paymentTypesOf(tenantId).filter(
    (t) => !needle || t.descrizioneVersamento.toLowerCase().includes(needle),
  );
  return {
    currentPage: 1,
    totalElements: found.length,
    totPages: 1,
    pageSize: Math.max(found.length, 1),
    paymentTypes: found,
  };
}
