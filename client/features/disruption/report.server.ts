import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import {
  DISRUPTION_ATTACHMENT_MAX_BYTES,
  DISRUPTION_ATTACHMENT_TYPES,
  DISRUPTION_DETAILS_MAX_LENGTH,
  DISRUPTION_TITLE_MAX_LENGTH,
  disruptionBody,
  type DisruptionCatalogue,
} from "#shared/api/disruption.ts";
import { checkAttachment } from "#shared/validation/attachments.ts";
import { email, maxLength, required, text } from "#shared/validation/rules.ts";
import { validateForm, type FieldErrors } from "#shared/validation/form.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import type { NewDisruptionTicket } from "#shared/api/disruption.ts";
import { isUnsureFailure } from "#client/lib/write-once.server.ts";
import { disruptionWrites, findSentTicket } from "#client/lib/ticket-writes.server.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { disruptionIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { defineFlowRoute, type StepForm } from "#client/lib/flow-route.server.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { href } from "#client/lib/links.ts";
import { decodePlaceChoice, formatGeoAddress } from "./address.ts";
import { createDisruptionState, disruptionFlow, type DisruptionState, type FlowPlace } from "./flow-state.ts";
import type { DisruptionStep } from "./steps.ts";
import { clearFiles, getFiles, setFiles, type StoredFile } from "./upload-store.server.ts";
import {
  isStoreUnavailable,
  storeDown,
  storeOwner,
  storeReaders,
  storeRefusal,
} from "#client/lib/transient-store.server.ts";
import { shownFileName } from "#shared/file-name.ts";

type Context = Readonly<RouterContextProvider>;

export type SearchResult = { lat: number; lon: number; address: string };
export type DataValues = {
  luogo: string;
  categoria: string;
  titolo: string;
  dettagli: string;
  email: string;
  place: FlowPlace | null;
};
export type ReportActionData = {
  errors?: FieldErrors;
  values?: DataValues;
  results?: SearchResult[];
  searchProblem?: "none" | "failed" | "tooShort";
};

/**
 * The report's route (client/lib/flow-route.server.ts): the authorisations, the data, the summary. Its state outlives
 * the submit, for the outcome page: a page then starts a new report, a form goes to the outcome. The report's id is
 * its attempt key.
 */
const reportRoute = defineFlowRoute<DisruptionState, DisruptionStep>(disruptionFlow, {
  path: href("/servizi/segnalazioni/nuova"),
  start: () => createDisruptionState(),
  summaryKey: false,
  over: { when: (state) => state.sent !== undefined, outcome: href("/servizi/segnalazioni/nuova/esito") },
});
const stepHref = reportRoute.href;
type Step<K extends DisruptionStep> = StepForm<DisruptionState, K>;

/** The headers saving the report's state (what was typed, kept with the errors that come back). */
const writeState = (context: Context, state: DisruptionState) =>
  disruptionFlow.save(getServices(context).flow, state);

async function loadCatalogue(context: Context): Promise<DisruptionCatalogue> {
  return getServices(context).api.disruption.catalogue();
}

function fileSummaries(files: readonly StoredFile[]) {
  return files.map((f) => ({ id: f.id, filename: f.filename, size: f.data.byteLength }));
}

/** How many of the files the flow attached are gone from the store (a restart, another replica, the hour passed). */
function missingFiles(state: DisruptionState, files: readonly StoredFile[]): number {
  return (state.fileIds ?? []).filter((id) => !files.some((f) => f.id === id)).length;
}

/** The flow remembers the ids of the files now in the store: what the summary lists and "Invia" must send. */
async function withFileIds(context: Context, state: DisruptionState): Promise<DisruptionState> {
  const files = await getFiles(state.uploadId, storeReaders(context)).catch((error: unknown) => {
    if (isStoreUnavailable(error)) return null;
    throw error;
  });
  // The shared store does not answer: the flow keeps the ids it had.
  if (!files) return state;
  const ids = files.map((f) => f.id);
  const next = { ...state };
  if (ids.length > 0) next.fileIds = ids;
  else delete next.fileIds;
  return next;
}

type FileProblem = { message: string; status: number };

/**
 * A file refused (its type, size, number: 400) is the field's error, and the field forgets it; the store not keeping
 * it (down, full, a quota) is the form's: the files stay chosen, to be sent again as they are.
 */
function fileProblemErrors(problem: FileProblem | null): FieldErrors {
  if (!problem) return {};
  return problem.status === 400 ? { allegati: problem.message } : { form: problem.message };
}

/** The page: a fresh report when there is none (or it was sent, expired or tampered), then the step of `?passo=`. */
export async function loadReport(context: Context, url: URL) {
  const services = getServices(context);
  const citizen = await getCitizen(context);
  const { step, state, startedOver: restarted, headers } = reportRoute.page(services.flow, url);
  const catalogue = await loadCatalogue(context);
  const policy = step === "autorizzazioni" ? await services.api.disruption.policy() : null;
  const author = {
    nome: citizen.nome,
    cognome: citizen.cognome,
    codiceFiscale: citizen.codFisc,
    email: state.email ?? citizen.contatti?.email ?? citizen.email ?? "",
  };
  const category = catalogue.categorie.find((c) => c.id === state.categoryId)?.nome ?? null;
  // The shared store does not answer: the page still shows (with what the citizen typed); the step that needs the
  // files says so when it is sent.
  const files = await getFiles(state.uploadId, storeReaders(context)).catch((error: unknown) => {
    if (isStoreUnavailable(error)) return null;
    throw error;
  });
  return data(
    {
      step,
      restarted,
      policy,
      accepted: Boolean(state.accepted),
      catalogue,
      author,
      values: {
        luogo: state.place?.address ?? state.query ?? "",
        categoria: state.categoryId === undefined ? "" : String(state.categoryId),
        titolo: state.title ?? "",
        dettagli: state.details ?? "",
        email: author.email,
        place: state.place ?? null,
      } satisfies DataValues,
      category,
      files: fileSummaries(files ?? []),
      filesMissing: files ? missingFiles(state, files) : 0,
      map:
        services.env.mapTileUrl && catalogue.centro
          ? { tileUrl: services.env.mapTileUrl, centre: catalogue.centro, demo: services.env.sandbox }
          : null,
    },
    { headers },
  );
}

export type ReportLoaderData = Awaited<ReturnType<typeof loadReport>>["data"];

/** The place the form names: a chosen search result (no JavaScript), the map's or search's pick, or the kept one. */
function resolvePlace(form: FormData, state: DisruptionState): FlowPlace | null {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  const choice = decodePlaceChoice(value("luogoScelto"));
  if (choice) return choice;
  const typed = value("luogo");
  const [lat, lon, picked] = [Number(value("lat")), Number(value("lon")), value("luogoIndirizzo")];
  if (picked && typed === picked && value("lat") !== "" && Number.isFinite(lat) && Number.isFinite(lon))
    if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180) return { address: picked.slice(0, 300), lat, lon };
  if (state.place && typed === state.place.address) return state.place;
  return null;
}

/** What was typed in the data step, kept in the flow whatever the outcome (nothing typed is lost). */
function keepTyped(
  state: DisruptionState,
  form: FormData,
  place: FlowPlace | null,
  catalogue: DisruptionCatalogue,
) {
  // Bounded (the state lives in a cookie); the page answering an error shows the texts whole (`typedValues`).
  const value = (name: string, max: number) => text().parse(form.get(name)).slice(0, max);
  const categoryId = Number(value("categoria", 20));
  const known = catalogue.categorie.some((c) => c.id === categoryId);
  const next: DisruptionState = {
    ...state,
    query: value("luogo", 300),
    title: value("titolo", DISRUPTION_TITLE_MAX_LENGTH),
    details: value("dettagli", DISRUPTION_DETAILS_MAX_LENGTH),
    email: value("email", 254),
  };
  if (known) next.categoryId = categoryId;
  else delete next.categoryId;
  if (place) next.place = place;
  else delete next.place;
  return next;
}

/** The data step's values, its texts as the citizen typed them: one too long comes back whole, with its error. */
function typedValues(state: DisruptionState, form: FormData): DataValues {
  const typed = (name: string) => text().parse(form.get(name));
  return { ...valuesOf(state), titolo: typed("titolo"), dettagli: typed("dettagli"), email: typed("email") };
}

function valuesOf(state: DisruptionState): DataValues {
  return {
    luogo: state.place?.address ?? state.query ?? "",
    categoria: state.categoryId === undefined ? "" : String(state.categoryId),
    titolo: state.title ?? "",
    dettagli: state.details ?? "",
    email: state.email ?? "",
    place: state.place ?? null,
  };
}

/** New files of this post: checked by content; the good ones join the stored ones up to the limit (and quota). */
async function storeFiles(
  context: Context,
  form: FormData,
  state: DisruptionState,
  max: number,
  t: ReturnType<typeof serverT>,
): Promise<FileProblem | null> {
  const chosen = form
    .getAll("allegati")
    .filter((f): f is File => f instanceof File && (f.size > 0 || f.name !== ""));
  if (chosen.length === 0) return null;
  let stored: StoredFile[];
  try {
    stored = await getFiles(state.uploadId, storeReaders(context));
  } catch (error) {
    if (isStoreUnavailable(error)) return { message: t("store.unavailable"), status: 503 };
    throw error;
  }
  if (stored.length + chosen.length > max)
    return { message: t("disruption.files.tooMany", { count: max }), status: 400 };
  const added: StoredFile[] = [];
  for (const file of chosen) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const checked = checkAttachment(
      { filename: file.name, bytes },
      {
        allowed: DISRUPTION_ATTACHMENT_TYPES,
        maxBytes: DISRUPTION_ATTACHMENT_MAX_BYTES,
        locale: getServices(context).locale,
      },
    );
    if (!checked.ok) return { message: checked.message, status: 400 };
    added.push({
      id: crypto.randomUUID(),
      filename: shownFileName(file.name).slice(0, 200),
      mimeType: checked.mimeType,
      data: bytes,
    });
  }
  const kept = await setFiles(state.uploadId, [...stored, ...added], storeOwner(context, state.uploadId));
  return kept.ok ? null : storeRefusal(context, kept);
}

function dataSchema(t: ReturnType<typeof serverT>, catalogue: DisruptionCatalogue) {
  const ids = catalogue.categorie.map((c) => String(c.id));
  return z.object({
    categoria: text(required(t("disruption.category.required"))).refine((v) => ids.includes(v), {
      message: t("disruption.category.required"),
    }),
    titolo: text(
      required(t("disruption.subject.required")),
      maxLength(
        DISRUPTION_TITLE_MAX_LENGTH,
        t("disruption.subject.tooLong", { max: DISRUPTION_TITLE_MAX_LENGTH }),
      ),
    ),
    dettagli: text(
      required(t("disruption.details.required")),
      maxLength(
        DISRUPTION_DETAILS_MAX_LENGTH,
        t("disruption.details.tooLong", { max: DISRUPTION_DETAILS_MAX_LENGTH }),
      ),
    ),
    email: text(required(t("disruption.author.email.required")), email(t("disruption.author.email.invalid"))),
  });
}

/** Each step's form: the authorisations, the data (with its place search and files), the summary's "Invia". */
export async function handleReportAction(context: Context, request: Request) {
  const t = serverT(context, disruptionIt);
  const form = await readForm(request, context);
  return reportRoute.action(getServices(context).flow, request, {
    autorizzazioni: ({ state, save }) => {
      if (form.get("accetto") !== "on")
        return data({ errors: { accetto: t("disruption.policy.required") } } satisfies ReportActionData, {
          status: 400,
        });
      return save({ ...state, accepted: true }, form);
    },
    dati: (step) => dataStep(context, form, step, t),
    riepilogo: ({ state }) => sendReport(context, state),
  });
}

/**
 * Step "Dati": what was typed is kept whatever the outcome; "Cerca" searches the place, "Rimuovi" drops a file, the
 * step's own submit checks everything and goes on to the summary.
 */
async function dataStep(
  context: Context,
  form: FormData,
  { state, save, stay }: Step<"dati">,
  t: ReturnType<typeof serverT>,
) {
  const intent = String(form.get("intent") ?? "");
  const catalogue = await loadCatalogue(context);
  const place = resolvePlace(form, state);
  let next = keepTyped(state, form, place, catalogue);
  const fileProblem = await storeFiles(context, form, next, catalogue.maxAllegati, t);
  const removed = /^rimuovi:([\w-]{1,64})$/.exec(intent);
  if (removed) {
    const left = (await getFiles(next.uploadId, storeReaders(context))).filter((f) => f.id !== removed[1]);
    await setFiles(next.uploadId, left, storeOwner(context, next.uploadId));
  }
  next = await withFileIds(context, next);
  if (removed) return stay(next);
  const cookie = writeState(context, next);
  if (intent === "cerca") return searchPlace(context, next, typedValues(next, form), fileProblem, cookie, t);

  const checked = validateForm(form, dataSchema(t, catalogue), getServices(context).locale);
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  if (!place) errors.luogo = t("disruption.place.required");
  Object.assign(errors, fileProblemErrors(fileProblem));
  if (Object.keys(errors).length > 0)
    return data({ errors, values: typedValues(next, form) } satisfies ReportActionData, {
      status: fileProblem?.status ?? 400,
      headers: cookie,
    });
  return save({ ...next, query: place!.address }, form);
}

/** "Cerca" in the data step: the addresses matching what was typed (what else was typed is kept). */
async function searchPlace(
  context: Context,
  next: DisruptionState,
  values: DataValues,
  fileProblem: FileProblem | null,
  cookie: Headers,
  t: ReturnType<typeof serverT>,
) {
  const services = getServices(context);
  const query = next.query ?? "";
  const errors: FieldErrors = fileProblemErrors(fileProblem);
  if (query.length < 3) {
    errors.luogo = t("disruption.place.tooShort");
    return data({ errors, values, searchProblem: "tooShort" } satisfies ReportActionData, {
      status: fileProblem?.status ?? 400,
      headers: cookie,
    });
  }
  let results: SearchResult[] = [];
  let searchProblem: ReportActionData["searchProblem"];
  try {
    const found = (await services.geocoding?.search(query)) ?? [];
    results = found.map((p) => ({ lat: Number(p.lat), lon: Number(p.lon), address: formatGeoAddress(p) }));
    if (results.length === 0) searchProblem = "none";
  } catch (error) {
    services.log.warn({ error: { message: (error as Error).message } }, "disruption: address search failed");
    searchProblem = "failed";
  }
  const body: ReportActionData = { values: { ...values, place: null }, results, searchProblem };
  if (Object.keys(errors).length > 0) body.errors = errors;
  return data(body, {
    status: fileProblem?.status ?? (Object.keys(errors).length > 0 ? 400 : 200),
    headers: cookie,
  });
}

type Citizen = Awaited<ReturnType<typeof getCitizen>>;

/** The ticket a complete report sends: the citizen as its customer, the report as its article, the files attached. */
function ticketOf(
  place: FlowPlace,
  {
    state,
    citizen,
    category,
    files,
  }: {
    state: DisruptionState;
    citizen: Citizen;
    category: DisruptionCatalogue["categorie"][number];
    files: readonly StoredFile[];
  },
): NewDisruptionTicket {
  return {
    title: state.title!,
    group_id: 2,
    priority_id: 4,
    type_id: 1,
    utente_riconosciuto: 1,
    service_catalog_sub_item_id: category.id,
    customer: {
      email: state.email!,
      mobile: null,
      firstname: citizen.nome,
      lastname: citizen.cognome,
      codice_fiscale: citizen.codFisc,
    },
    article: {
      body: disruptionBody({ category: category.nome, place, details: state.details! }),
      from: state.email!,
      type_id: 13,
      content_type: "text/html",
      attachments: files.map((f) => ({
        filename: f.filename,
        data: Buffer.from(f.data).toString("base64"),
        "mime-type": f.mimeType,
      })),
    },
    place,
  };
}

/**
 * One report per flow (its id is the attempt), at most once: a submission whose answer never came is looked for
 * among the citizen's tickets before it is sent again (client/lib/ticket-writes.server.ts).
 */
function writeTicket(context: Context, attempt: string, codFisc: string, ticket: NewDisruptionTicket) {
  const services = getServices(context);
  return disruptionWrites.run(context, {
    key: attempt,
    create: async () => {
      const created = await services.api.disruption.create(ticket);
      return { sentAt: Date.now(), id: created.id, number: created.number };
    },
    find: (since) =>
      findSentTicket(services.api.crm, codFisc, { title: ticket.title, body: ticket.article.body }, since),
  });
}

/** The summary's "Invia": the ticket sent at most once, with every file the summary listed; then the outcome. */
async function sendReport(context: Context, state: DisruptionState) {
  const t = serverT(context, disruptionIt);
  // The summary is reached only with the data complete (the route's step resolution).
  if (!state.place) throw redirect(stepHref("dati"), 303);
  const citizen = await getCitizen(context);
  const catalogue = await loadCatalogue(context);
  const category = catalogue.categorie.find((c) => c.id === state.categoryId);
  if (!category) throw redirect(stepHref("dati"), 303);
  const stored = await getFiles(state.uploadId, storeReaders(context)).catch(storeDown(context));
  // The files the summary listed, all of them, or no report: one gone from the store is attached again first.
  const missing = missingFiles(state, stored);
  if (missing > 0)
    return data(
      {
        errors: {
          form: t("disruption.files.goneTitle"),
          allegati: t("disruption.files.gone", { count: missing }),
        },
      } satisfies ReportActionData,
      { status: 409 },
    );
  const files = state.fileIds ? stored.filter((f) => state.fileIds!.includes(f.id)) : stored;
  const ticket = ticketOf(state.place, { state, citizen, category, files });
  let written;
  try {
    written = await writeTicket(context, state.id, citizen.codFisc, ticket);
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    const unsure = isUnsureFailure(error);
    const message = t(unsure ? "disruption.summary.sendUnsure" : "disruption.summary.sendFailed");
    return data({ errors: { form: message } } satisfies ReportActionData, { status: unsure ? 504 : 502 });
  }
  // ("unknown" cannot happen: a report can be found again; it would read as pending.)
  if (written.status === "pending" || written.status === "unknown")
    return data({ errors: { form: t("disruption.summary.sendPending") } } satisfies ReportActionData, {
      status: 409,
    });
  if (written.status === "refused") {
    const { status, message } = storeRefusal(context, written.refusal);
    return data({ errors: { form: message } } satisfies ReportActionData, { status });
  }
  const created = written.result;
  await clearFiles(state.uploadId).catch(() => {});
  const sent: DisruptionState = { ...state, sent: { id: created.id, number: created.number } };
  return redirect(href("/servizi/segnalazioni/nuova/esito"), {
    status: 303,
    headers: writeState(context, sent),
  });
}

/** The outcome: the sent report of this flow, else back to a new report. */
export function loadOutcome(context: Context) {
  const { state } = disruptionFlow.read(getServices(context).flow);
  if (!state?.sent) throw redirect(href("/servizi/segnalazioni/nuova"));
  return {
    number: state.sent.number,
    receiptHref: href("/servizi/segnalazioni/:id/ricevuta", { id: String(state.sent.id) }),
  };
}
