import { randomBytes } from "node:crypto";
import type { SandboxState } from "../types.ts";
import { paymentTypesOf, type SandboxPaymentType } from "./payment-types.ts";
import type { SandboxDebtPosition } from "./positions.ts";

/** The body of both spontaneous calls (contract §6): the payer's data, the amount in euro and the payer's note. */
export type SpontaneousBody = {
  note?: string;
  importo: number;
  nome?: string;
  cognome?: string;
  ragioneSociale?: string;
  codiceFiscalePartitaIVAPagatore?: string;
  email?: string;
};

export type SpontaneousProblem = { status: number; code: string; detail: string };

/** Checks a body like PPAY would (VALIDATION_ERROR), or answers the type it pays. */
export function checkSpontaneous(
  tenantId: string,
  typeCode: string,
  body: unknown,
  taxCode: string | undefined,
):
  { ok: true; type: SandboxPaymentType; body: SpontaneousBody } | { ok: false; problem: SpontaneousProblem } {
  const fail = (status: number, code: string, detail: string) => ({
    ok: false as const,
    problem: { status, code, detail },
  });
  const type = paymentTypesOf(tenantId).find((t) => t.codiceVersamento === typeCode);
  if (!type) return fail(404, "BUSINESS_ERROR", "Tipologia di pagamento non trovata");
  if (!body || typeof body !== "object") return fail(400, "VALIDATION_ERROR", "Richiesta non valida");
  const b = body as Record<string, unknown>;
  const str = (name: string) => (typeof b[name] === "string" ? (b[name] as string).trim() : undefined);
  const importo = b.importo;
  if (typeof importo !== "number" || !(importo > 0) || Math.round(importo * 100) !== importo * 100)
    return fail(400, "VALIDATION_ERROR", "Importo non valido");
  if (!taxCode || !/^[A-Z0-9]{11,16}$/i.test(taxCode))
    return fail(400, "VALIDATION_ERROR", "Codice fiscale o partita IVA del pagatore non valido");
  const note = str("note");
  if (type.noteObbligatorie && !note) return fail(400, "VALIDATION_ERROR", "Note obbligatorie");
  const ragioneSociale = str("ragioneSociale");
  if (!ragioneSociale && !(str("nome") && str("cognome")))
    return fail(400, "VALIDATION_ERROR", "Nome e cognome o ragione sociale obbligatori");
  return {
    ok: true,
    type,
    body: {
      note,
      importo,
      nome: str("nome"),
      cognome: str("cognome"),
      ragioneSociale,
      codiceFiscalePartitaIVAPagatore: taxCode.toUpperCase(),
      email: str("email"),
    },
  };
}

/** A fresh IUV for a spontaneous position: "9" then 16 random digits (never one of the seeded ones). */
function newIuv(): string {
  const digits = [...randomBytes(16)].map((b) => String(b % 10)).join("");
  return `9${digits}`;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Creates the unpaid position of a spontaneous payment under the payer's tax code (so a logged-in payer then finds
 * it among the debt positions, and the checkout stand-in can pay it). Every call a new one: PiemontePay has no
 * idempotency (the portal keeps its own: client/lib/write-once.server.ts).
 */
export function createSpontaneousPosition(
  state: SandboxState,
  tenantId: string,
  type: SandboxPaymentType,
  body: SpontaneousBody,
  now = new Date(),
): SandboxDebtPosition {
  const taxCode = body.codiceFiscalePartitaIVAPagatore!;
  const byCitizen = ((state.ppay.positions[tenantId] ??= {})[taxCode] ??= []);
  const iuv = newIuv();
  const description = body.note ? `${type.descrizioneVersamento} - ${body.note}` : type.descrizioneVersamento;
  const due = new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000);
  const position: SandboxDebtPosition = {
    descrizionePagamento: description.slice(0, 140),
    codiceAvviso: `3${iuv}`,
    iuv,
    codiceVersamento: type.codiceVersamento,
    descrizionePortale: type.descrizioneVersamento,
    importo: body.importo,
    componentiPagamento: [{ importo: body.importo, causale: description.slice(0, 140) }],
    dataScadenza: isoDay(due),
    dataOraOperazione: null,
    dataEsitoPagamento: null,
    identificativoUnicoRiscossione: null,
    numeroTransazione: null,
    prestatoreServiziPagamento: null,
    infoAggiuntive: body.note ?? null,
    presenzaQuietanza: false,
    codiceStatoPagamento: "1",
    descrizioneStatoPagamento: "Non pagato",
  };
  byCitizen.push(position);
  return position;
}
