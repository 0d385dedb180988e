import { z } from "zod";
import {
  DraftBodySchema,
  type CrmService,
  type DraftBody,
  type NewTicket,
  type NewTicketAttachment,
} from "#shared/api/crm.ts";
import { fromNotifySms, toNotifySms } from "#shared/api/notify.ts";
import {
  email,
  fiscalCode,
  fiscalCodeText,
  matches,
  maxLength,
  required,
  text,
} from "#shared/validation/rules.ts";
import type { Translate } from "#client/i18n/i18n-context.tsx";
import type { assistanceIt } from "./texts.ts";

export const DETAILS_MAX_LENGTH = 600;

/** What the form shows and posts (all texts); the attachment is a reference to the server-side store. */
export type RequestValues = {
  nome: string;
  cognome: string;
  codiceFiscale: string;
  email: string;
  telefono: string;
  servizio: string;
  tipologia: string;
  dettagli: string;
  privacy: string;
  allegatoRef: string;
  allegatoNome: string;
  idBozza: string;
  /** The submission's idempotency key: a retry of the same form sends the same one (no second ticket). */
  chiaveInvio: string;
};

export const emptyValues: RequestValues = {
  nome: "",
  cognome: "",
  codiceFiscale: "",
  email: "",
  telefono: "",
  servizio: "",
  tipologia: "",
  dettagli: "",
  privacy: "",
  allegatoRef: "",
  allegatoNome: "",
  idBozza: "",
  chiaveInvio: "",
};

export function pickValues(submitted: Record<string, unknown>): RequestValues {
  const values = { ...emptyValues };
  for (const key of Object.keys(values) as Array<keyof RequestValues>) {
    const value = submitted[key];
    if (typeof value === "string") values[key] = value.trim();
  }
  return values;
}

const phone = (t: Translate<typeof assistanceIt>) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\s+/g, "") : ""),
    text(matches(/^\d{9,10}$/, t("assistance.phoneInvalid"))),
  );

/** "Invia": every field. Identity fields only for anonymous visitors (the logged-in citizen's come from SPID). */
export function requestSchema(t: Translate<typeof assistanceIt>, anonymous: boolean) {
  const need = required(t("assistance.required"));
  const identity = anonymous
    ? {
        nome: text(need, maxLength(100)),
        cognome: text(need, maxLength(100)),
        codiceFiscale: fiscalCodeText(need, fiscalCode(t("assistance.fiscalCodeInvalid"))),
      }
    : {};
  return z.object({
    ...identity,
    email: text(need, email(t("assistance.emailInvalid")), maxLength(254)),
    telefono: phone(t),
    servizio: text(need),
    tipologia: text(need),
    dettagli: text(need, maxLength(DETAILS_MAX_LENGTH, t("assistance.detailsTooLong"))),
    privacy: text(required(t("assistance.privacyRequired"))),
  });
}

/** "Salva richiesta": only the service is required; the rest is kept as typed (limits still apply). */
export function draftSchema(t: Translate<typeof assistanceIt>) {
  return z.object({
    servizio: text(required(t("assistance.required"))),
    dettagli: text(maxLength(DETAILS_MAX_LENGTH, t("assistance.detailsTooLong"))),
  });
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The citizen's text as the article's HTML body (escaped, line breaks kept). */
export function detailsToHtml(details: string): string {
  return escapeHtml(details).replaceAll("\n", "<br>");
}

/** The article's HTML body back to the text typed (for a resumed draft). */
export function htmlToDetails(html: string): string {
  return html
    .replaceAll(/<br\s*\/?>/gi, "\n")
    .replaceAll(/<[^>]*>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

export type RequestInput = {
  values: RequestValues;
  service: CrmService;
  subService: CrmService | null;
  recognised: boolean;
  attachment: NewTicketAttachment | null;
};

/** The contract's `NewTicket` (§5) from the form. */
export function buildTicket({
  values,
  service,
  subService,
  recognised,
  attachment,
}: RequestInput): NewTicket {
  return {
    title: service.name,
    group_id: 2,
    priority_id: 4,
    type_id: 1,
    utente_riconosciuto: recognised ? 1 : 0,
    service_catalog_item_id: service.id,
    ...(subService ? { service_catalog_sub_item_id: subService.id } : {}),
    customer: {
      email: values.email,
      mobile: values.telefono ? toNotifySms(values.telefono.replace(/\s+/g, "")) : null,
      firstname: values.nome,
      lastname: values.cognome,
      codice_fiscale: values.codiceFiscale.toUpperCase(),
    },
    article: {
      body: detailsToHtml(values.dettagli),
      from: values.email,
      type_id: 13,
      content_type: "text/html",
      ...(attachment ? { attachments: [attachment] } : {}),
    },
  };
}

/** A draft's body back to the form's values (and its attachment, if any). */
export function readDraftBody(body: string): {
  values: Partial<RequestValues>;
  attachment: NewTicketAttachment | null;
} {
  let parsed: DraftBody;
  try {
    const result = DraftBodySchema.safeParse(JSON.parse(body));
    if (!result.success) return { values: {}, attachment: null };
    parsed = result.data;
  } catch {
    return { values: {}, attachment: null };
  }
  const customer = parsed.customer ?? {};
  const attachment = parsed.article?.attachments?.[0] ?? null;
  return {
    values: {
      email: customer.email ?? "",
      telefono: customer.mobile ? fromNotifySms(customer.mobile) : "",
      servizio: parsed.service_catalog_item_id === undefined ? "" : String(parsed.service_catalog_item_id),
      tipologia:
        parsed.service_catalog_sub_item_id === undefined ? "" : String(parsed.service_catalog_sub_item_id),
      dettagli: parsed.article?.body ? htmlToDetails(parsed.article.body) : "",
    },
    attachment,
  };
}
