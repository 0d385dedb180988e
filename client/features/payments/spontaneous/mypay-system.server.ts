import type { MypayNuovoDovuto } from "#shared/api/mypay.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { isUnsureFailure } from "#client/lib/write-once.server.ts";
import type { PaymentSystem, SpontaneousRequest, SystemResult } from "./payment-system.server.ts";

/** MyPay's code for a payer without an Italian tax code (the stepper's "no Italian tax code" option). */
const NO_TAX_CODE = "ANONIMO";

function dueOf(req: SpontaneousRequest): MypayNuovoDovuto {
  const { payer } = req;
  return {
    codTipo: req.typeCode,
    importo: req.amountCents / 100,
    causale: req.note?.trim() ?? "",
    pagatore: {
      tipo: payer.kind,
      codiceIdentificativo: payer.taxCode.trim().toUpperCase() || NO_TAX_CODE,
      anagrafica: payer.kind === "F" ? `${payer.firstName} ${payer.lastName}`.trim() : payer.companyName,
      email: payer.email,
    },
  };
}

/** An upstream failure as the stepper's reasons: 404 not-found, 400/422 rejected (with MYPAY's detail), else unavailable. */
async function attempt<T>(call: () => Promise<T>): Promise<SystemResult<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    const { status, details } = error.data;
    const detail = details.length ? details.join("; ") : undefined;
    if (status === 404) return { ok: false, reason: "not-found", detail };
    if (status === 400 || status === 422) return { ok: false, reason: "rejected", detail };
    return { ok: false, reason: "unavailable", unsure: isUnsureFailure(error) };
  }
}

/**
 * MYPAY (asset "MYPAY") behind the spontaneous-payment stepper: only `spontaneo` types are offered; pay now is
 * `importaDovutoImmediato` (→ the pagoPA URL), a notice is `importaDovuto` (→ the notice PDF). The portal
 * makes each at most once itself (client/lib/write-once.server.ts). The payloads are our definition of MYPAY (shared/api/mypay.ts).
 */
export const mypaySystem: PaymentSystem = {
  id: "mypay",
  asset: "MYPAY",
  listTypes: (api) =>
    attempt(async () =>
      (await api.mypay.tipologie())
        .filter((t) => t.spontaneo)
        .map((t) => ({
          code: t.codTipo,
          label: t.descrizione,
          ...(t.notePerIlPagatore ? { notes: t.notePerIlPagatore } : {}),
          notesRequired: t.noteObbligatorie === true,
          ...(t.importoMassimo ? { maxCents: Math.round(t.importoMassimo * 100) } : {}),
        })),
    ),
  payOnline: (api, req) =>
    attempt(async () => {
      const { iuv, urlPagamento } = await api.mypay.importaDovutoImmediato(dueOf(req));
      return { iuv, paymentUrl: urlPagamento };
    }),
  createNotice: (api, req) => attempt(() => api.mypay.importaDovuto(dueOf(req))),
};
