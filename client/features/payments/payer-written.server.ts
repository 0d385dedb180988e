import type { RouterContextProvider } from "react-router";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { getServices } from "#client/lib/services.ts";

type Context = Readonly<RouterContextProvider>;

/*
 * Positions whose texts a payer may have written (docs/decisions/payer-created-positions.md): anyone, even
 * anonymous, can create a spontaneous position naming any tax code, and its free text (PPAY's
 * `descrizionePagamento` and `infoAggiuntive`, MYPAY's `causale`) is the payer's. PPAY does not say who created a
 * position, so every position of a spontaneous payment type is shown with its type's official description and
 * without the free text. MYPAY (our definition) says it (`creatoDa`, issue #40): the municipality's own dues keep
 * their causale. When the list of types cannot be read, every position is treated so (null).
 */

async function codesOf(read: () => Promise<string[]>): Promise<ReadonlySet<string> | null> {
  try {
    return new Set(await read());
  } catch (error) {
    if (isUpstreamFailure(error)) return null;
    throw error;
  }
}

/** The codes of the municipality's spontaneous PPAY payment types, or null when they cannot be read. */
export function ppaySpontaneousCodes(context: Context) {
  const { api } = getServices(context);
  return codesOf(async () => (await api.ppay.paymentTypes()).map((type) => type.codiceVersamento));
}

/** The codes of the municipality's MYPAY types offered for spontaneous payments, or null. */
export function mypaySpontaneousCodes(context: Context) {
  const { api } = getServices(context);
  return codesOf(async () =>
    (await api.mypay.tipologie()).filter((type) => type.spontaneo).map((type) => type.codTipo),
  );
}

/** Whether a position of type `code` may carry a payer's text (always, when the types are unknown). */
export function isPayerWritten(codes: ReadonlySet<string> | null, code: string | null | undefined): boolean {
  return codes === null || (code != null && codes.has(code));
}

/** A MYPAY due: payer-written unless MYPAY says the municipality created it (`creatoDa: "ENTE"`). */
export function isMypayPayerWritten(
  codes: ReadonlySet<string> | null,
  due: { codTipo?: string | null; creatoDa?: string | null },
): boolean {
  return due.creatoDa !== "ENTE" && isPayerWritten(codes, due.codTipo);
}
