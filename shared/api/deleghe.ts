import { z } from "zod";
import { NoticeTextSchema } from "./notice-text.ts";
import type { AppschedApi } from "./appsched.ts";
import type { DebtPosition, DebtPositionPage, DebtPositionQuery } from "./ppay.ts";

/**
 * Delegations (DELEGHE, spec §3–§7; upstream contract: `GET|POST /deleghe`, `PATCH /deleghe/{id}`,
 * `GET /deleghe/policy`, `GET /richieste-delega`, `PUT /richiesta-delega/{id}/annullamento`, the request's
 * attachments). THESE PAYLOADS ARE OURS: the upstream's are not public (only the field names of spec §3 are), so this
 * project defines them here and the sandbox (`sandbox/deleghe/`) follows them. Field names reuse the spec's
 * (`uuidDelega`, `idServizio`, `stato`, `dataScadenza`, `noteDelega`, `titolo`, `codiceFiscale`, `nome`, `cognome`).
 *
 * One record is one delegation from a delegator (`delegante`) to a delegate (`delegato`) for one or more services,
 * from `dataInizio` to `dataScadenza` (dates, `yyyy-MM-dd`), with one status. A delegation the delegator creates
 * online waits for the delegate (ATTESA_DELEGATO); one the would-be delegate asks for with the three documents is a
 * request (`richiesta` set) and waits for the municipality's operator (ATTESA_OPERATORE). `motivo` is the reason of a
 * refusal. SCADUTA and NON_ATTIVA are the upstream's reading of the dates of an approved one.
 *
 * A request is sent as ONE JSON body (`POST /richiesta-delega`, `NuovaRichiestaDelega`) with its three documents
 * inline as base64 (`dati`), not as multipart: the portal has checked each one's type by its bytes and its size
 * (2 MB each, as the assistance attachments), so the body is bounded (about 8 MB), and one JSON call keeps the
 * upstream module a plain `callUpstream` with a zod-checked answer. The documents are never read back in a list:
 * only their slot, name, type and size (`Allegato`); the bytes come one at a time from
 * `GET /richiesta-delega/{id}/allegati/{slot}`.
 */

export const DELEGA_STATI = [
  "ATTESA_DELEGATO",
  "ATTESA_OPERATORE",
  "APPROVATA",
  "NON_ATTIVA",
  "SCADUTA",
  "RITIRATA",
  "RIFIUTATA",
] as const;
export type DelegaStato = (typeof DELEGA_STATI)[number];

/** Spec §4: the live group. */
export const LIVE_STATI: readonly DelegaStato[] = ["ATTESA_DELEGATO", "ATTESA_OPERATORE", "APPROVATA"];

/** Spec §3: the three document slots of a request. */
export const DOCUMENT_SLOTS = ["CI_FRONTE", "CI_RETRO", "MODULO_DELEGA"] as const;
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];

/** The documents' types (§3): PDF, JPG or PNG, checked by their bytes, at most the attachments' size each. */
export const DOCUMENT_TYPES = ["pdf", "png", "jpeg"] as const;

/** A delegation id the portal can put in a path: no separators, no dot segments. */
export const DELEGA_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

const isoDate = z.iso.date();

export const PersonaSchema = z
  .object({ codiceFiscale: z.string(), nome: z.string(), cognome: z.string() })
  .loose();
export type Persona = z.infer<typeof PersonaSchema>;

export const ServizioDelegatoSchema = z
  .object({ idServizio: z.number().int(), titolo: z.string(), noteDelega: z.string().nullish() })
  .loose();

export const AllegatoSchema = z
  .object({
    slot: z.enum(DOCUMENT_SLOTS),
    nomeFile: z.string(),
    tipo: z.string(),
    dimensione: z.number().int().nonnegative(),
  })
  .loose();
export type Allegato = z.infer<typeof AllegatoSchema>;

export const DelegaSchema = z
  .object({
    uuidDelega: z.string().regex(DELEGA_ID_PATTERN),
    delegante: PersonaSchema,
    delegato: PersonaSchema,
    servizi: z.array(ServizioDelegatoSchema),
    dataInizio: isoDate,
    dataScadenza: isoDate,
    /** Unknown statuses are kept (shown as sent): the list must not fail on a new one. */
    stato: z.string(),
    motivo: z.string().nullish(),
    dataCreazione: z.iso.datetime({ offset: true }),
    /** Set on a request (made by the delegate with the documents): its attachments, without their bytes. */
    richiesta: z
      .object({ allegati: z.array(AllegatoSchema) })
      .loose()
      .nullish(),
  })
  .loose();
export type Delega = z.infer<typeof DelegaSchema>;

export const DelegaPageSchema = z
  .object({
    items: z.array(DelegaSchema),
    totalElements: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    per_page: z.number().int().positive(),
  })
  .loose();
export type DelegaPage = z.infer<typeof DelegaPageSchema>;

export const DeleghePolicySchema = z.object({ testo: NoticeTextSchema }).loose();

/** `GET /deleghe` and `GET /richieste-delega` (spec §5 filters). `ruolo`: whose side the caller is on. */
export type DelegheQuery = {
  idServizio?: number;
  stato?: DelegaStato;
  codiceFiscaleDelegante?: string;
  page: number;
  perPage: number;
};

/** `POST /deleghe` body: the delegator (the caller) delegates a citizen online. */
export type NuovaDelega = {
  delegato: Persona;
  servizi: number[];
  dataScadenza: string;
};

/** One document of a new request: its slot, the file's name, its type as checked by its bytes, the bytes (base64). */
export type NuovoAllegato = { slot: DocumentSlot; nomeFile: string; tipo: string; dati: string };

/** `POST /richiesta-delega` body: the caller (the would-be delegate) asks to act for a delegator who cannot log in. */
export type NuovaRichiestaDelega = {
  delegante: Persona;
  servizi: number[];
  dataScadenza: string;
  allegati: NuovoAllegato[];
};

/** `PATCH /deleghe/{id}` body: the delegate accepts or refuses, the delegator withdraws. */
export const DELEGA_AZIONI = ["ACCETTA", "RIFIUTA", "RITIRA"] as const;
export type DelegaAzione = (typeof DELEGA_AZIONI)[number];

export type DelegaList = "delegati" | "deleganti" | "richieste";

export interface DelegheApi {
  /** `delegati`: whom the citizen delegated; `deleganti`: who delegated the citizen; `richieste`: their requests. */
  list(which: DelegaList, query: DelegheQuery): Promise<DelegaPage>;
  /** The citizen's own delegation in that list by id, or null (looked up in the list, not by id upstream). */
  find(which: DelegaList, id: string): Promise<Delega | null>;
  create(body: NuovaDelega): Promise<Delega>;
  /** A request with the three documents, waiting for the operator (ATTESA_OPERATORE). */
  createRequest(body: NuovaRichiestaDelega): Promise<Delega>;
  /** Only on a delegation of the citizen's list that the action belongs to (else 404 without an upstream call). */
  act(id: string, azione: DelegaAzione): Promise<Delega>;
  /** Cancels one of the citizen's requests waiting for the operator (`annullamento`). */
  cancelRequest(id: string): Promise<Delega>;
  /** One attachment of one of the citizen's requests. */
  attachment(id: string, slot: DocumentSlot): Promise<Uint8Array>;
  policy(): Promise<string>;
}

/*
 * ACTING FOR A DELEGATOR (spec §2, §6; issue #28). OURS too, like the rest of this file.
 *
 * `GET /deleghe/deleganti-by-service/{idServizio}` answers the caller's delegators for that service: each delegator
 * (`codiceFiscale`, `nome`, `cognome`, as spec §3) with the delegations (`deleghe`) between them and the caller that
 * include the service, `{uuidDelega, idServizio, stato, dataInizio, dataScadenza}`. The sandbox lists only APPROVATA
 * delegations live today; in gaps mode it lists every status, so the portal checks status and dates itself.
 *
 * A call made FOR a delegator carries the DELEGATOR's fiscal code where the call carries one (PPAY's `citizens/{cf}`
 * path, the appointments' `codice_fiscale` and the booking's customer), as the original front end did (spec §4: it
 * kept only the delegator's `codiceFiscale`, `nome`, `cognome`). No header names the delegation: the BFF's proxies
 * rebuild each request with their own headers only (docs/decisions/upstream-writes.md). Our sandbox answers such a
 * call only when the caller holds a delegation from that fiscal code, APPROVATA and live today, for a service of the
 * called module (asset); otherwise 403. The real upstream does not check (gaps mode trusts whatever is sent): the
 * portal re-checks, on every request and before any call for the delegator, that the delegation is still listed.
 */

export const DelegaDelServizioSchema = z
  .object({
    uuidDelega: z.string().regex(DELEGA_ID_PATTERN),
    idServizio: z.number().int(),
    stato: z.string(),
    dataInizio: isoDate.nullish(),
    dataScadenza: isoDate,
  })
  .loose();

export const DeleganteSchema = z
  .object({
    codiceFiscale: z.string(),
    nome: z.string(),
    cognome: z.string(),
    deleghe: z.array(DelegaDelServizioSchema),
  })
  .loose();
export type Delegante = z.infer<typeof DeleganteSchema>;

export const DelegantiByServiceSchema = z.array(DeleganteSchema);

/** The modules a citizen can act for a delegator in (per asset; spec §6). */
export const ACTING_FOR_ASSETS = ["PPAY", "APPSCHED"] as const;
export type ActingForAsset = (typeof ACTING_FOR_ASSETS)[number];

/** One delegation the citizen acts under: what the portal keeps, sealed, for one asset. */
export type ActingForDelegation = { uuidDelega: string; idServizio: number; delegante: Persona };

/** True when the upstream's entry is an APPROVATA delegation for `idServizio`, live on `today` (`yyyy-MM-dd`). */
export function isLiveDelegation(
  entry: z.infer<typeof DelegaDelServizioSchema>,
  idServizio: number,
  today: string,
): boolean {
  return (
    entry.stato === "APPROVATA" &&
    entry.idServizio === idServizio &&
    (entry.dataInizio ?? today) <= today &&
    entry.dataScadenza >= today
  );
}

/** A module's calls made for the delegator of `d` (the delegation's headers added; see above). */
type ForDelegation<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R
    ? (d: ActingForDelegation, ...args: A) => R
    : never;
};

export interface ActingForApi {
  /** The caller's delegators for the service, as the upstream lists them (the portal still checks each entry). */
  delegantiByService(idServizio: number): Promise<Delegante[]>;
  /** PPAY for the delegator: their positions, receipts, notices, payment URLs (the path names the delegator). */
  ppay: {
    debtPositions(d: ActingForDelegation, query: DebtPositionQuery): Promise<DebtPositionPage>;
    debtPosition(d: ActingForDelegation, iuv: string): Promise<DebtPosition | null>;
    receipt(d: ActingForDelegation, iuv: string): Promise<Uint8Array>;
    notice(d: ActingForDelegation, iuv: string): Promise<Uint8Array>;
    paymentUrl(d: ActingForDelegation, iuv: string): Promise<string>;
  };
  /** Appointments for the delegator: booked in their name, bound to them (never to the delegate's own). */
  appsched: ForDelegation<
    Pick<
      AppschedApi,
      "createAppointment" | "listAppointments" | "getAppointment" | "updateAppointment" | "deleteAppointment"
    >
  >;
}
