import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { DOCUMENT_SLOTS, DOCUMENT_TYPES, type DocumentSlot } from "#shared/api/deleghe.ts";
import { shownFileName } from "#shared/file-name.ts";
import { checkAttachment } from "#shared/validation/attachments.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { mergeHeaders, withoutAttempt } from "#client/lib/flow.server.ts";
import { defineFlowRoute, type StepForm } from "#client/lib/flow-route.server.ts";
import { href } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { getServices } from "#client/lib/services.ts";
import type { Locale } from "#shared/locale.ts";
import {
  isStoreUnavailable,
  storeDown,
  storeOwner,
  storeReaders,
  storeRefusal,
} from "#client/lib/transient-store.server.ts";
import {
  createRequestState,
  requestFlow,
  requestSentCookie,
  type HeldDocument,
  type RequestState,
} from "./flow-state.ts";
import {
  loadStepPage,
  pendingOrRefused,
  personStep,
  sendFailure,
  servicesStep,
} from "./new-delega.server.ts";
import { delegaRequestWrites, findSentDelega } from "./delega-writes.server.ts";
import { clearDocuments, getDocuments, setDocuments, type StoredDocuments } from "./request-store.server.ts";
import { documentFieldName, type RequestStep } from "./steps.ts";
import { delegheIt } from "./texts.ts";

type Context = Readonly<RouterContextProvider>;

const documentField = documentFieldName;

/** The request's steps: the delegator, the services, the documents, the summary (client/lib/flow-route.server.ts). */
const requestRoute = defineFlowRoute<RequestState, RequestStep>(requestFlow, {
  path: href("/area-personale/deleghe/nuova/richiesta"),
  start: () => createRequestState(),
  sent: (cookies) => {
    const sent = requestSentCookie.read(cookies).state;
    return (
      sent && { outcome: href("/area-personale/deleghe/nuova/richiesta/successo"), version: sent.versione }
    );
  },
});
const stepHref = requestRoute.href;

/** The step's page: the state so far (documents by name), the services, the limits, the policy. */
export async function loadRequest(context: Context, url: URL) {
  return loadStepPage(context, url, requestRoute);
}

/** Each step's form; the documents step keeps every good file even when another is refused; the summary sends. */
export async function requestAction(context: Context, request: Request) {
  const person = { key: "delegante", ownMessage: "deleghe.request.fiscalCodeOwn" } as const;
  return requestRoute.action(getServices(context).flow, request, {
    delegante: personStep(context, request, person),
    servizi: servicesStep(context, request),
    documenti: ({ state, save }) => documentsStep(context, request, state, save),
    riepilogo: ({ state }) => sendRequest(context, request, state),
  });
}

type Checked = { slot: DocumentSlot; stored: { filename: string; mimeType: string; data: Uint8Array } };

/** The files chosen in this post, each checked by its bytes and size: the good ones, and a message per bad one. */
async function checkChosen(form: FormData, locale: Locale) {
  const good: Checked[] = [];
  const errors: Partial<Record<string, string>> = {};
  for (const slot of DOCUMENT_SLOTS) {
    const file = form.get(documentField(slot));
    if (!(file instanceof File) || (file.size === 0 && file.name === "")) continue;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const check = checkAttachment({ filename: file.name, bytes }, { allowed: DOCUMENT_TYPES, locale });
    if (!check.ok) errors[documentField(slot)] = check.message;
    else
      good.push({
        slot,
        stored: { filename: shownFileName(file.name).slice(0, 200), mimeType: check.mimeType, data: bytes },
      });
  }
  return { good, errors };
}

/**
 * The documents step: the good files join the ones held (in the store, by the flow's `uploadId`), so a refused file
 * never loses the others; a slot still empty is an error; all three held goes on.
 */
async function documentsStep(
  context: Context,
  request: Request,
  state: RequestState,
  save: StepForm<RequestState, RequestStep>["save"],
) {
  const t = serverT(context, delegheIt);
  const form = await readForm(request, context);
  const { good, errors } = await checkChosen(form, getServices(context).locale);
  let held: StoredDocuments;
  try {
    held = await getDocuments(state.uploadId, storeReaders(context));
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    return data({ errors: { form: serverT(context)("store.unavailable") }, submitted: {} }, { status: 503 });
  }
  const docs: StoredDocuments = { ...held };
  for (const { slot, stored } of good) docs[slot] = stored;
  const kept = good.length
    ? await setDocuments(state.uploadId, docs, storeOwner(context, state.uploadId))
    : null;
  if (kept && !kept.ok) {
    const refusal = storeRefusal(context, kept);
    return data({ errors: { form: refusal.message }, submitted: {} }, { status: refusal.status });
  }
  const next: RequestState = { ...state, documenti: heldOf(docs) };
  for (const slot of DOCUMENT_SLOTS)
    if (!next.documenti?.[slot] && !errors[documentField(slot)])
      errors[documentField(slot)] = t("deleghe.request.documentRequired", {
        slot: t(`deleghe.slot.${slot}`),
      });
  if (Object.keys(errors).length === 0) return save(next, form);
  // Refused: the good files are kept (the cookie names them), the bad one's message next to its field.
  return data(
    { errors, submitted: {}, held: next.documenti },
    { status: 400, headers: requestFlow.save(getServices(context).flow, withoutAttempt(next)) },
  );
}

/** What the cookie says of the documents held. */
function heldOf(docs: StoredDocuments): Partial<Record<DocumentSlot, HeldDocument>> {
  const held: Partial<Record<DocumentSlot, HeldDocument>> = {};
  for (const slot of DOCUMENT_SLOTS) {
    const doc = docs[slot];
    if (doc)
      held[slot] = {
        nome: doc.filename,
        tipo: doc.mimeType as HeldDocument["tipo"],
        dimensione: doc.data.byteLength,
      };
  }
  return held;
}

/** The summary's "Invia la richiesta": the request with its documents, the flow and its files cleared, success. */
async function sendRequest(context: Context, request: Request, state: RequestState) {
  const { flow, api, log } = getServices(context);
  await parseForm(request, context, z.object({}));
  const { delegante, servizi, scadenza } = state;
  if (!delegante || !servizi || !scadenza || requestFlow.firstIncomplete(state, undefined) !== "riepilogo")
    throw redirect(stepHref(requestFlow.firstIncomplete(state, undefined)));
  const docs = await getDocuments(state.uploadId, storeReaders(context)).catch(storeDown(context));
  const lost = DOCUMENT_SLOTS.filter((slot) => !docs[slot]);
  if (lost.length) {
    // The store forgot a file the summary listed: say so (its "Modifica" leads to it), never send without it.
    const t = serverT(context, delegheIt);
    const slots = lost.map((slot) => t(`deleghe.slot.${slot}`)).join(", ");
    return data(
      { errors: {}, submitted: {}, failed: t("deleghe.request.documentLost", { slot: slots }) },
      {
        status: 409,
        headers: requestFlow.save(flow, withoutAttempt({ ...state, documenti: heldOf(docs) })),
      },
    );
  }
  // The summary the citizen confirms gave the attempt its key; without one, show the summary (it makes one).
  if (!state.attempt) throw redirect(stepHref("riepilogo"));
  const dataScadenza = scadenza;
  let written;
  try {
    written = await delegaRequestWrites.run(context, {
      key: state.attempt,
      create: async () => {
        const created = await api.deleghe.createRequest({
          delegante,
          servizi: servizi.map(Number),
          dataScadenza,
          allegati: DOCUMENT_SLOTS.map((slot) => ({
            slot,
            nomeFile: docs[slot]!.filename,
            tipo: docs[slot]!.mimeType,
            dati: Buffer.from(docs[slot]!.data).toString("base64"),
          })),
        });
        log.info({ delegation: created.uuidDelega }, "delegation request sent");
        return { uuidDelega: created.uuidDelega };
      },
      find: (since) =>
        findSentDelega(
          api.deleghe,
          "richieste",
          { other: delegante, servizi: servizi.map(Number), dataScadenza },
          since,
        ),
    });
  } catch (error) {
    return sendFailure(context, error, {
      refused: "deleghe.request.refused",
      failed: "deleghe.request.failed",
    });
  }
  const notYet = pendingOrRefused(context, written, "deleghe.request.pending");
  if (notYet) return notYet;
  await clearDocuments(state.uploadId).catch(() => {});
  throw redirect(href("/area-personale/deleghe/nuova/richiesta/successo"), {
    headers: mergeHeaders(
      requestFlow.clear(flow),
      requestSentCookie.save(flow, {
        nome: delegante.nome,
        cognome: delegante.cognome,
        versione: requestRoute.sentVersion(state),
      }),
    ),
  });
}
