import { data, redirect, type RouterContextProvider } from "react-router";
import { formText } from "#client/lib/services.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import type { Appointment, AppointmentUpdate, AppschedApi } from "#shared/api/appsched.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { getAppschedAccess, type AppschedAccess } from "./access.server.ts";
import { justDoneHeaders } from "#client/lib/just-done.server.ts";
import { appointmentSlotInput, refuseStep, writeAppointment } from "./appointment-write.server.ts";
import { isChangeable, toAppointmentView, type AppointmentView } from "./appointment-view.ts";
import { SLOT_TAKEN_NOTICE } from "./booking-loader.server.ts";
import { wasStartedOver } from "#client/lib/flow.server.ts";
import { defineFlowRoute } from "#client/lib/flow-route.server.ts";
import { HASH_PATTERN, orAppointmentError } from "./confirmation.server.ts";
import { appointmentError } from "./errors.ts";
import {
  editFlow,
  isSameEditTarget,
  withDetails,
  withSlot,
  type EditState,
  type EditTarget,
} from "./flow-state.ts";
import type { EditStep } from "./steps.ts";
import { buildDetailsStep, buildSummary, findOffice, loadDateStep } from "./step-loaders.server.ts";
import type { EditPageData } from "./step-types.ts";
import { appointmentPaths, cancelHref, editStepHref } from "./urls.ts";
import { validateDetails, validateSlot } from "./validate-steps.server.ts";
import type { Locale } from "#client/i18n/i18n-context.tsx";
import { isOpenedFromSummary } from "#client/lib/flow-fields.ts";

type Args = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
  url: URL;
};

/** One appointment to change: by id (logged-in citizen, authenticated API) or by the e-mailed hash (public API). */
type Subject = {
  mode: "id" | "hash";
  target: EditTarget;
  basePath: string;
  successPath: string;
  /** Reads offices and free slots; null when this visitor must log in for that. */
  catalog: AppschedApi | null;
  load(): Promise<Appointment>;
  update(input: AppointmentUpdate): Promise<Appointment>;
  cancel(): Promise<unknown>;
};

type Resolved = { access: AppschedAccess; subject: Subject } | { access: AppschedAccess; loginHref: string };

async function resolveSubject(
  { request, context, params, url }: Args,
  mode: "id" | "hash",
): Promise<Resolved> {
  const access = await getAppschedAccess(request, context);
  const here = `${url.pathname}${url.search}`;
  if (mode === "id") {
    if (!access.user) return { access, loginHref: upstreamLoginHref(here) };
    const id = params.id ?? "";
    if (!/^[\w-]{1,64}$/.test(id)) throw appointmentError("not-found", access.services.locale);
    const api = access.authenticated;
    const basePath = appointmentPaths.edit(id);
    return {
      access,
      subject: {
        mode,
        target: { kind: "id", id },
        basePath,
        successPath: appointmentPaths.editSuccess(id),
        catalog: api,
        load: () => orAppointmentError(api.getAppointment(id), "not-found", access.services.locale),
        update: (input) => api.updateAppointment(id, input),
        cancel: () => api.deleteAppointment(id),
      },
    };
  }
  const hash = params.hash ?? "";
  if (!HASH_PATTERN.test(hash)) throw appointmentError("link-malformed", access.services.locale);
  const api = access.services.api.appschedPublic;
  return {
    access,
    subject: {
      mode,
      target: { kind: "hash", hash },
      basePath: appointmentPaths.editByLink(hash),
      successPath: appointmentPaths.editByLinkSuccess(hash),
      catalog: access.loginRequired ? null : access.api,
      load: () => orAppointmentError(api.getByHash(hash), "link-not-found", access.services.locale),
      update: (input) => byLinkOnly(api.updateByHash(hash, input), access.services.locale),
      cancel: () => byLinkOnly(api.deleteByHash(hash), access.services.locale),
    },
  };
}

/**
 * A change or cancellation by the e-mailed link that the upstream does not route (the published BFF answers 405):
 * the page says where it can be done instead (the personal area), not that the service is broken.
 */
async function byLinkOnly<T>(write: Promise<T>, locale: Locale): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUpstreamFailure(error, 405)) throw appointmentError("link-readonly", locale);
    throw error;
  }
}

function initialState(target: EditTarget, view: AppointmentView): EditState {
  return {
    v: 1,
    target,
    day: view.day,
    time: view.time,
    ...(view.reasonId ? { reasonId: view.reasonId } : {}),
    ...(view.details ? { details: view.details.slice(0, 200) } : {}),
  };
}

/**
 * The edit of this appointment as a step table (client/lib/flow-route.server.ts): a new edit starts from the
 * appointment itself (every step filled in: a bare address shows the slot), another appointment's edit is none of
 * this one's; the update is keyed by the appointment, so the summary needs no attempt key.
 */
function editRoute(subject: Subject, view: AppointmentView) {
  return defineFlowRoute<EditState, EditStep>(editFlow, {
    path: subject.basePath,
    start: () => initialState(subject.target, view),
    summaryKey: false,
    belongs: (state) => isSameEditTarget(state.target, subject.target),
  });
}

export async function loadEdit(args: Args, mode: "id" | "hash") {
  const resolved = await resolveSubject(args, mode);
  if ("loginHref" in resolved) return data<EditPageData>({ kind: "login", loginHref: resolved.loginHref });
  const { access, subject } = resolved;
  const { url } = args;
  const view = toAppointmentView(await subject.load(), access.services.locale);
  if (!isChangeable(view)) throw appointmentError("closed", access.services.locale);
  const confirm = url.searchParams.get("annulla") === "1";
  const page = {
    kind: "edit" as const,
    mode,
    basePath: subject.basePath,
    current: view,
    cancel: { action: subject.basePath, noJsHref: cancelHref(subject.basePath), confirm },
    loginHref: subject.catalog ? null : upstreamLoginHref(`${url.pathname}${url.search}`),
    restarted: wasStartedOver(url),
    returnToSummary: isOpenedFromSummary(url.searchParams),
  };
  // The cancellation's confirmation, and a visitor who must log in to see the slots: no step.
  if (confirm || !subject.catalog) return data<EditPageData>({ ...page, stepData: null });
  const { step, state, headers } = editRoute(subject, view).page(access.services.flow, url);
  const { data: stepData, status } = await loadEditStep(
    subject.catalog,
    step,
    state,
    view,
    url,
    access.services.locale,
  );
  return data<EditPageData>({ ...page, stepData }, { status, headers });
}

async function loadEditStep(
  catalog: AppschedApi,
  step: EditStep,
  state: EditState,
  view: AppointmentView,
  url: URL,
  locale: Locale,
) {
  const office = await findOffice(catalog, view.office?.id ?? "");
  if (!office) throw appointmentError("closed", locale);
  if (step === "data") {
    return loadDateStep(
      catalog,
      office,
      {
        requestedDay: url.searchParams.get("giorno"),
        requestedMonth: url.searchParams.get("mese"),
        savedDay: state.day,
        savedTime: state.time,
        slotTaken: url.searchParams.get("avviso") === SLOT_TAKEN_NOTICE,
        original: { day: view.day, time: view.time },
      },
      locale,
    );
  }
  if (step === "dettagli")
    return {
      data: buildDetailsStep(office, state.reasonId ?? null, state.details ?? "", locale),
      status: 200,
    };
  const slot = { day: state.day!, time: state.time!, reasonId: state.reasonId!, details: state.details! };
  const requester = { ...view.requester };
  return {
    data: { step: "riepilogo" as const, summary: buildSummary(office, slot, requester, locale), legal: null },
    status: 200,
  };
}

/** The cancellation (from any step), else each step's form: the slot, the details, the summary's confirmation. */
export async function handleEditAction(args: Args, mode: "id" | "hash") {
  const form = await readForm(args.request, args.context);
  const resolved = await resolveSubject(args, mode);
  if ("loginHref" in resolved) throw redirect(resolved.loginHref);
  const { access, subject } = resolved;
  if (formText(form, "intent") === "annulla") return cancelAppointment(access, subject);
  const { locale } = access.services;
  const view = toAppointmentView(await subject.load(), locale);
  if (!isChangeable(view)) throw appointmentError("closed", locale);
  const catalog = subject.catalog;
  if (!catalog) throw redirect(upstreamLoginHref(subject.basePath));
  const office = await findOffice(catalog, view.office?.id ?? "");
  if (!office) throw appointmentError("closed", locale);
  return editRoute(subject, view).action(access.services.flow, args.request, {
    data: async ({ state, save }) => {
      const original = { day: view.day, time: view.time };
      const result = await validateSlot(catalog, office.id, form, locale, original);
      if (!result.ok) return refuseStep("data", result.errors, result.values);
      return save(withSlot(state, result.day, result.time), form);
    },
    dettagli: ({ state, save }) => {
      const result = validateDetails(office, form, locale);
      if (!result.ok) return refuseStep("dettagli", result.errors, result.values);
      return save(withDetails(state, result.reasonId, result.details), form);
    },
    riepilogo: ({ state }) => confirmChange(access, subject, state, office),
  });
}

/** The summary's confirmation: the appointment updated with the slot and reason chosen, then its success page. */
async function confirmChange(
  access: AppschedAccess,
  subject: Subject,
  state: EditState,
  office: NonNullable<Awaited<ReturnType<typeof findOffice>>>,
) {
  const reason = (office.activitiesRelated ?? []).find((candidate) => candidate.id === state.reasonId);
  if (!reason) throw redirect(editStepHref(subject.basePath, "dettagli"), 303);
  const slot = { officeId: office.id, day: state.day!, time: state.time!, details: state.details! };
  const { flow } = access.services;
  const outcome = await writeAppointment(() => subject.update(appointmentSlotInput(slot, reason)), {
    state,
    dateStepHref: (query) => editStepHref(subject.basePath, "data", query),
    saveState: (kept) => editFlow.save(flow, kept),
    missing: missingKind(subject),
    locale: access.services.locale,
  });
  if ("answer" in outcome) return outcome.answer;
  const ref = subject.target.kind === "id" ? subject.target.id : subject.target.hash;
  return redirect(subject.successPath, {
    headers: justDoneHeaders(flow, "edited", ref, editFlow.clear(flow)),
  });
}

/** The appointment error when the upstream no longer knows the appointment. */
function missingKind(subject: Subject) {
  return subject.mode === "hash" ? "link-not-found" : "not-found";
}

async function cancelAppointment(access: AppschedAccess, subject: Subject) {
  try {
    await subject.cancel();
  } catch (error) {
    if (isUpstreamFailure(error, 404)) throw appointmentError(missingKind(subject), access.services.locale);
    if (isUpstreamFailure(error, 422)) throw appointmentError("closed", access.services.locale);
    throw error;
  }
  const { flow } = access.services;
  const ref = subject.target.kind === "id" ? subject.target.id : subject.target.hash;
  return redirect(appointmentPaths.cancelSuccess, {
    headers: justDoneHeaders(flow, "cancelled", ref, editFlow.clear(flow)),
  });
}
