import type { AssetCode } from "../types.ts";
import { serviceAsset } from "./common.ts";
import type { SandboxServiceDetail, SandboxServiceSheet } from "./content-types.ts";

type DetailOptions = {
  asset?: AssetCode;
  moduloMoon?: string;
  idSportello?: string;
  codiceNotifiche?: string;
  codiceAssistenza?: string;
  idFaq?: number;
  /** Not in the public contract: the payment type of a payment service (issue #10). */
  codiceVersamento?: string;
  delegabile?: boolean;
  noteDelega?: string;
  /** Not in the public contract: the scheda servizio's contents (issue #12). */
  scheda?: SandboxServiceSheet;
};

/** A `dettaglioServizi` entry joined to the service `idServizio`; its id is the service id plus 1000. */
export function detail(
  idServizio: number,
  titolo: string | null,
  options: DetailOptions = {},
): SandboxServiceDetail {
  return {
    id: idServizio + 1000,
    titolo,
    idServizio,
    moduloMoon: options.moduloMoon ?? null,
    idSportello: options.idSportello ?? null,
    codiceNotifiche: options.codiceNotifiche ?? null,
    codiceAssistenza: options.codiceAssistenza ?? null,
    idFaq: options.idFaq ?? null,
    idBot: null,
    delegabile: options.delegabile ?? false,
    noteDelega: options.noteDelega ?? null,
    asset: options.asset ? serviceAsset(options.asset) : null,
    scheda: options.scheda ?? null,
    ...(options.codiceVersamento ? { codiceVersamento: options.codiceVersamento } : {}),
  };
}
