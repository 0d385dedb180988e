import type { PortalApi } from "#shared/api/portal-api.ts";
import type { SpontaneousPaymentBody } from "#shared/api/ppay.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { readRouteError } from "#shared/route-error.ts";
import { isUnsureFailure } from "#client/lib/write-once.server.ts";
import type { PaymentSystem, SpontaneousRequest, SystemResult } from "./payment-system.server.ts";

/** PPAY's body for both spontaneous calls: the payer's names or company name, the tax code, amount in euro. */
export function ppayBody(req: SpontaneousRequest): SpontaneousPaymentBody {
  const { payer } = req;
  return {
    note: req.note || undefined,
    importo: req.amountCents / 100,
    ...(payer.kind === "F"
      ? { nome: payer.firstName, cognome: payer.lastName }
      : { ragioneSociale: payer.companyName }),
    codiceFiscalePartitaIVAPagatore: payer.taxCode,
    email: payer.email,
  };
}

/** An upstream failure as a system result: 404 not found, 400/422 rejected, anything else unavailable. */
export function failureOf(error: unknown): SystemResult<never> {
  if (!isUpstreamFailure(error)) throw error;
  const found = readRouteError(error);
  const status = found?.status ?? 502;
  const detail = found?.details?.[0];
  if (status === 404) return { ok: false, reason: "not-found", detail };
  if (status === 400 || status === 422) return { ok: false, reason: "rejected", detail };
  return { ok: false, reason: "unavailable", detail, unsure: isUnsureFailure(error) };
}

async function attempt<T>(call: () => Promise<T>): Promise<SystemResult<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return failureOf(error);
  }
}

/** PiemontePay (contract §6): the public `paymenttypes` calls through the BFF. */
export const ppaySystem: PaymentSystem = {
  id: "ppay",
  asset: "PPAY",
  async listTypes(api: PortalApi) {
    return attempt(async () =>
      (await api.ppay.paymentTypes()).map((t) => ({
        code: t.codiceVersamento,
        label: t.descrizioneVersamento,
        notes: t.notePerIlPagatore || undefined,
        notesRequired: t.noteObbligatorie === true,
      })),
    );
  },
  async payOnline(api, req) {
    return attempt(() => api.ppay.spontaneousPayment(req.typeCode, ppayBody(req)));
  },
  async createNotice(api, req) {
    return attempt(() => api.ppay.spontaneousNotice(req.typeCode, ppayBody(req)));
  },
};
