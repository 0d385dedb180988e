import type { SandboxOffice, SandboxServiceDetail, SandboxServiceSheet } from "./content-types.ts";

/**
 * The scheda servizio's contents (issue #12), NOT part of the public `dettaglioServizi` contract: the sandbox adds
 * them to each detail as `scheda`, so the portal can render the whole Modello Comuni card.
 */
export type SheetInput = Omit<SandboxServiceSheet, "condizioni" | "scadenze"> & {
  scadenze?: SandboxServiceSheet["scadenze"];
  /** The terms document's file name on the municipality's website. */
  documento: string;
};

export function sheet(site: string, input: SheetInput): SandboxServiceSheet {
  const { documento, scadenze, ...rest } = input;
  return {
    ...rest,
    scadenze: scadenze ?? [],
    condizioni: {
      titolo: "Condizioni di servizio",
      url: `${site}/documenti/${documento}.pdf`,
    },
  };
}

/** Attaches each service's sheet (by service id) to its detail. */
export function withSheets(
  details: SandboxServiceDetail[],
  sheets: Record<number, SandboxServiceSheet>,
): SandboxServiceDetail[] {
  return details.map((d) => ({ ...d, scheda: sheets[d.idServizio] ?? d.scheda }));
}

export function office(nome: string, details: Omit<SandboxOffice, "nome">): SandboxOffice {
  return { nome, ...details };
}
