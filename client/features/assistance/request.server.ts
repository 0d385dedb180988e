import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { CrmService, NewTicket, NewTicketAttachment } from "#shared/api/crm.ts";
import { shownFileName } from "#shared/file-name.ts";
import { fromNotifySms } from "#shared/api/notify.ts";
import { findAsset } from "#shared/api/tenant-config.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { routeError } from "#shared/route-error.ts";
import { checkAttachment } from "#shared/validation/attachments.ts";
import type { FieldErrors } from "#shared/validation/form.ts";
import { validateForm } from "#shared/validation/form.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { assistanceIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getServices } from "#client/lib/services.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { TRANSIENT_KEY_PATTERN, newTransientKey } from "#client/lib/transient-store.server.ts";
import { findOwnDraft } from "./drafts.server.ts";
import { wasStartedOver } from "#client/lib/flow.server.ts";
import { isUnsureFailure } from "#client/lib/write-once.server.ts";
import { findSentTicket, ticketWrites } from "#client/lib/ticket-writes.server.ts";
import { assistFlow } from "./flow-state.ts";
import { deletePending, putPending } from "./pending-store.server.ts";
import { isStoreUnavailable, storeOwner, storeRefusal } from "#client/lib/transient-store.server.ts";
import {
  buildTicket,
  draftSchema,
  emptyValues,
  pickValues,
  readDraftBody,
  requestSchema,
  type RequestValues,
} from "./request-model.ts";
import { verifyHref, storedAttachment, loadLists, readValues } from "./request-common.server.ts";
import { loadVerify, verifyAction } from "./verify.server.ts";

type Context = Readonly<RouterContextProvider>;

type Identity = { nome: string; cognome: string; codFisc: string };

/** A key of this submission: the one the form carried back, or a new one. */
function submissionKey(posted: string): string {
  return TRANSIENT_KEY_PATTERN.test(posted) ? posted : newTransientKey();
}

async function loadPolicy(context: Context): Promise<string | null> {
  try {
    return await getServices(context).api.crm.policy();
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    return null;
  }
}

async function assetId(context: Context): Promise<number> {
  const config = await getServices(context).api.getTenantConfig();
  const asset = findAsset(config, "ASSISTENZA_CRM");
  if (asset?.id === undefined)
    throw routeError(502, { title: serverT(context, assistanceIt)("assistance.draftFailed") });
  return asset.id;
}

/** The logged-in citizen's identity and profile contacts (Notify when enabled, else the SPID e-mail). */
async function citizenDefaults(context: Context) {
  const { api } = getServices(context);
  const user = await api.getCurrentUser();
  if (!user) return null;
  let emailValue = user.email ?? "";
  let phone = "";
  const config = await api.getTenantConfig();
  if (findAsset(config, "NOTIFICATIONS")) {
    const contacts = await api.notify.getContacts(user.codFisc).catch(() => null);
    if (contacts?.email) emailValue = contacts.email;
    if (contacts?.sms) phone = fromNotifySms(contacts.sms);
  }
  return {
    identity: { nome: user.nome, cognome: user.cognome, codFisc: user.codFisc } satisfies Identity,
    email: emailValue,
    phone,
  };
}

function withIdentity(values: RequestValues, identity: Identity | null): RequestValues {
  if (!identity) return values;
  return { ...values, nome: identity.nome, cognome: identity.cognome, codiceFiscale: identity.codFisc };
}

/** A logged-in citizen's draft resumed (`?idBozza=`): its values, its attachment kept again as pending. */
async function withDraft(context: Context, values: RequestValues, idBozza: string): Promise<RequestValues> {
  const draft = /^\d{1,12}$/.test(idBozza)
    ? (await getServices(context).api.crm.drafts(await assetId(context))).find(
        (d) => String(d.id) === idBozza,
      )
    : undefined;
  if (!draft) {
    const t = serverT(context, assistanceIt);
    throw routeError(404, {
      title: t("assistance.draftNotFound"),
      details: [t("assistance.draftNotFoundDetails")],
    });
  }
  const read = readDraftBody(draft.body);
  const resumed = { ...values, ...read.values, idBozza: String(draft.id) };
  if (read.attachment) {
    const kept = await putPending(read.attachment, storeOwner(context));
    if (!kept.ok)
      throw routeError(storeRefusal(context, kept).status, {
        title: storeRefusal(context, kept).message,
      });
    resumed.allegatoRef = kept.key;
    resumed.allegatoNome = read.attachment.filename;
  }
  return resumed;
}

/** Back from the verification step ("Annulla"): the anonymous form as it was typed (its own state only). */
async function pendingValues(context: Context): Promise<RequestValues | null> {
  const state = assistFlow.read(getServices(context).flow).state;
  return state ? readValues(context, state) : null;
}

export async function loadRequest(context: Context, url: URL) {
  const citizen = await citizenDefaults(context);
  const identity = citizen?.identity ?? null;
  if (url.searchParams.get("passo") === "verifica" && !identity) return loadVerify(context, url);

  let values: RequestValues = {
    ...emptyValues,
    servizio: url.searchParams.get("servizio") ?? "",
    chiaveInvio: newTransientKey(),
  };
  const idBozza = url.searchParams.get("idBozza");
  if (identity) {
    values = { ...values, email: citizen!.email, telefono: citizen!.phone };
    if (idBozza) values = await withDraft(context, values, idBozza);
  } else values = (await pendingValues(context)) ?? values;
  const annulled = identity ? null : url.searchParams.get("annullata");
  const cancelled = annulled === "1" ? "tooManyTries" : !identity && wasStartedOver(url) ? "expired" : null;
  values = withIdentity(values, identity);
  const [lists, policy] = await Promise.all([loadLists(context, values.servizio), loadPolicy(context)]);
  return {
    step: "form",
    anonymous: !identity,
    loginHref: upstreamLoginHref(currentPathHref(url.pathname, url.search)),
    cancelled,
    values,
    services: lists.services,
    subServices: lists.subServices,
    listsFailed: lists.failed,
    policy,
  } as const;
}

/**
 * The sub-services of one service (the resource route the form fetches when JavaScript runs), with the service they
 * belong to: a citizen going down the services by arrow keys starts one load per service, and the page shows a list
 * only for the service now chosen.
 */
export async function loadSubServices(context: Context, servizio: string | null) {
  const none = { servizio: servizio ?? "", subServices: [] as CrmService[] };
  if (!servizio || !/^\d{1,12}$/.test(servizio)) return none;
  try {
    return { servizio, subServices: await getServices(context).api.crm.subServices(Number(servizio)) };
  } catch (error) {
    // The page stays usable: an empty list, and "Aggiorna tipologie" on the server still works.
    if (!isUpstreamFailure(error)) throw error;
    return none;
  }
}

/** Reads the uploaded file, or keeps the one already attached: `{ref, name}` or the message to show. */
async function readAttachment(
  context: Context,
  form: FormData,
  values: RequestValues,
): Promise<{ ref: string; name: string } | { error: string; status?: number }> {
  const file = form.get("allegato");
  if (file instanceof File && (file.size > 0 || file.name !== "")) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const check = checkAttachment({ filename: file.name, bytes }, { locale: getServices(context).locale });
    if (!check.ok) return { error: check.message };
    const put = await putPending(
      {
        filename: shownFileName(file.name),
        data: Buffer.from(bytes).toString("base64"),
        "mime-type": check.mimeType,
      } satisfies NewTicketAttachment,
      storeOwner(context),
    );
    if (!put.ok)
      return { error: storeRefusal(context, put).message, status: storeRefusal(context, put).status };
    return { ref: put.key, name: shownFileName(file.name) };
  }
  if (form.get("rimuoviAllegato") || !values.allegatoRef) return { ref: "", name: "" };
  let kept: NewTicketAttachment | null;
  try {
    kept = await storedAttachment(context, values.allegatoRef);
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    return { error: serverT(context)("store.unavailable"), status: 503 };
  }
  if (kept) return { ref: values.allegatoRef, name: kept.filename };
  // The file the citizen saw on the form is gone (the store forgot it): never send the request without it.
  return {
    error: serverT(context, assistanceIt)("assistance.attachmentExpired", { name: values.allegatoNome }),
  };
}

function invalid(values: RequestValues, errors: FieldErrors, status = 400, extra: object = {}) {
  return data({ values, errors, ...extra }, { status });
}

/** The form's values (the identity's own when logged in) and the attachment read, or its error with the file kept. */
async function readPosted(context: Context, form: FormData, identity: Identity | null) {
  let values = withIdentity(
    pickValues(Object.fromEntries([...form].filter(([, v]) => typeof v === "string"))),
    identity,
  );
  values.chiaveInvio = submissionKey(values.chiaveInvio);
  const attachment = await readAttachment(context, form, values);
  const errors: FieldErrors = {};
  if ("error" in attachment) {
    // A refused file is the field's error (and leaves the field empty); the store not keeping it (down, full, a
    // quota: a status) is the form's, and the file stays chosen to be sent again as it is.
    errors[attachment.status ? "form" : "allegato"] = attachment.error;
    values = { ...values, allegatoRef: form.get("rimuoviAllegato") ? "" : values.allegatoRef };
    const kept = await storedAttachment(context, values.allegatoRef).catch((error: unknown) => {
      if (isStoreUnavailable(error)) return "down" as const;
      throw error;
    });
    // The shared store does not answer: the form keeps the file's reference and name for when it is back.
    if (kept !== "down") {
      values.allegatoNome = kept?.filename ?? "";
      if (!kept) values.allegatoRef = "";
    }
  } else {
    values = { ...values, allegatoRef: attachment.ref, allegatoNome: attachment.name };
  }
  if (!identity && values.idBozza) values.idBozza = "";
  return { values, errors, attachment };
}

/** What saving a draft and sending a request work with, once the form and the lists are read. */
type Posted = {
  context: Context;
  form: FormData;
  t: ReturnType<typeof serverT<[typeof assistanceIt]>>;
  identity: Identity | null;
  values: RequestValues;
  errors: FieldErrors;
  subServices: CrmService[];
  service: CrmService | null;
  subService: CrmService | null;
  attachment: NewTicketAttachment | null;
};

/** "Salva bozza" (logged in only): a new draft, or the citizen's own draft updated; then the feedback page. */
async function saveDraft(posted: Posted, url: URL) {
  const { context, form, t, identity, values, errors, subServices, service, subService } = posted;
  const { api, log, locale } = getServices(context);
  if (!identity) throw redirect(upstreamLoginHref(currentPathHref(url.pathname, url.search)));
  const parsed = validateForm(form, draftSchema(t), locale);
  if (!parsed.ok) Object.assign(errors, parsed.errors);
  if (!service && !errors.servizio) errors.servizio = t("assistance.required");
  if (Object.keys(errors).length > 0 || !service) return invalid(values, errors, 400, { subServices });
  const body = JSON.stringify(
    buildTicket({ values, service, subService, recognised: true, attachment: posted.attachment }),
  );
  try {
    const idAsset = await assetId(context);
    if (values.idBozza) {
      const outcome = await api.crm.updateDraft(Number(values.idBozza), { idAsset, body });
      if (outcome !== "ok") {
        throw routeError(404, {
          title: t("assistance.draftNotFound"),
          details: [t("assistance.draftNotFoundDetails")],
        });
      }
    } else {
      await api.crm.createDraft({ idAsset, body });
    }
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ err: error }, "draft save failed");
    return invalid(values, { form: t("assistance.draftFailed") }, 502, { subServices });
  }
  await deletePending(values.allegatoRef);
  return redirect(withQuery(href("/feedback"), { feedbackType: "partialTicket" }));
}

/** "Invia": the request checked, then sent (logged in) or kept until the e-mail's code is verified (anonymous). */
async function sendRequest(posted: Posted) {
  const { context, form, t, identity, errors, subServices, service, subService } = posted;
  let { values } = posted;
  const parsed = validateForm(form, requestSchema(t, !identity), getServices(context).locale);
  if (!parsed.ok) Object.assign(errors, parsed.errors);
  if (values.servizio && !service && !errors.servizio) errors.servizio = t("assistance.required");
  if (service && values.tipologia && !subService && !errors.tipologia)
    errors.tipologia = t("assistance.subServiceInvalid");
  if (parsed.ok) values = { ...values, dettagli: parsed.values.dettagli, telefono: parsed.values.telefono };
  if (parsed.ok && !identity && "codiceFiscale" in parsed.values)
    values = { ...values, codiceFiscale: String(parsed.values.codiceFiscale) };
  if (Object.keys(errors).length > 0 || !service || !subService) {
    return invalid(values, errors, 400, { subServices });
  }
  const ticket = buildTicket({
    values,
    service,
    subService,
    recognised: Boolean(identity),
    attachment: posted.attachment,
  });
  return identity
    ? sendRecognised(context, t, values, ticket, subServices)
    : keepForVerification(context, values, subServices);
}

/**
 * An anonymous request waits for its e-mail code in its own sealed cookie (what was typed, the attachment by its
 * reference): nothing of it in the shared store but the attachment, so neither a full store nor a store restart
 * turns a request away or loses it. Values too long for a cookie wait in the store instead (under its quotas).
 */
async function keepForVerification(context: Context, values: RequestValues, subServices: CrmService[]) {
  const { flow } = getServices(context);
  // Keys of its own per request: the code guard's counters, and the ticket's (a retry sends the same ticket).
  const base = { v: 2, ref: newTransientKey(), ticketKey: newTransientKey(), sent: false } as const;
  try {
    return redirect(verifyHref(), { headers: assistFlow.save(flow, { ...base, values }) });
  } catch (error) {
    if (!(error instanceof Error && /too large/.test(error.message))) throw error;
  }
  const kept = await putPending({ kind: "values", values }, storeOwner(context));
  if (!kept.ok) {
    const { status, message } = storeRefusal(context, kept);
    return invalid(values, { form: message }, status, { subServices });
  }
  return redirect(verifyHref(), { headers: assistFlow.save(flow, { ...base, valuesRef: kept.key }) });
}

/**
 * A logged-in citizen's request goes to the CRM at once, at most once per form submission key (`chiaveInvio`, kept
 * by the form across its re-renders): a retry whose first answer never came looks for the ticket among the
 * citizen's own before sending it again (ticket-writes.server.ts). Then its draft is deleted.
 */
async function sendRecognised(
  context: Context,
  t: Posted["t"],
  values: RequestValues,
  ticket: NewTicket,
  subServices: CrmService[],
) {
  const { api, log } = getServices(context);
  let written;
  try {
    written = await ticketWrites.run(context, {
      key: values.chiaveInvio,
      create: async () => {
        await api.crm.createTicket(ticket);
        return { sentAt: Date.now() };
      },
      find: (since) =>
        findSentTicket(
          api.crm,
          ticket.customer.codice_fiscale,
          { title: ticket.title, body: ticket.article.body },
          since,
        ),
    });
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ err: error }, "ticket creation failed");
    const unsure = isUnsureFailure(error);
    const message = unsure ? t("assistance.sendUnsure") : t("assistance.sendFailed");
    return invalid(values, { form: message }, unsure ? 504 : 502, { subServices });
  }
  if (written.status === "pending")
    return invalid(values, { form: t("assistance.sendPending") }, 409, { subServices });
  if (written.status === "refused") {
    const { status, message } = storeRefusal(context, written.refusal);
    return invalid(values, { form: message }, status, { subServices });
  }
  if (values.idBozza) {
    await api.crm.deleteDraft(Number(values.idBozza)).catch((error: unknown) => {
      log.warn({ err: error }, "draft deletion after send failed");
    });
  }
  await deletePending(values.allegatoRef);
  return redirect(withQuery(href("/feedback"), { feedbackType: "ticket" }));
}

export async function requestAction(context: Context, request: Request, url: URL) {
  const t = serverT(context, assistanceIt);
  const { form } = await parseForm(request, context, z.object({}));
  const intent = form.get("intent");
  if (intent === "codice" || intent === "reinvia" || intent === "verifica" || intent === "annulla") {
    return verifyAction(context, form, intent);
  }
  const identity = (await citizenDefaults(context))?.identity ?? null;
  const { values, errors, attachment } = await readPosted(context, form, identity);
  // A draft id from the form must be one of this citizen's drafts (listed with their identity, server side) before
  // anything acts on it: the upstream would update or delete anyone's.
  if (values.idBozza && intent !== "tipologie") await findOwnDraft(context, values.idBozza);

  const lists = await loadLists(context, values.servizio);
  const subServices = lists.subServices;
  if ("status" in attachment) return invalid(values, errors, attachment.status, { subServices });
  if (intent === "tipologie") return data({ values, errors, subServices });
  if (lists.failed) return invalid(values, { ...errors, form: t("assistance.listsFailed") }, 502);

  const posted: Posted = {
    context,
    form,
    t,
    identity,
    values,
    errors,
    subServices,
    service: lists.services.find((s) => String(s.id) === values.servizio) ?? null,
    subService: subServices.find((s) => String(s.id) === values.tipologia) ?? null,
    attachment: values.allegatoRef ? await storedAttachment(context, values.allegatoRef) : null,
  };
  return intent === "bozza" ? saveDraft(posted, url) : sendRequest(posted);
}
