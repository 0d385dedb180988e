import { redirect, type RouterContextProvider } from "react-router";
import { justDoneHeaders } from "#client/lib/just-done.server.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import type { CreatedAppointment, NewAppointment } from "#shared/api/appsched.ts";
import { storeRefusal } from "#client/lib/transient-store.server.ts";
import { isUnsureFailure } from "#client/lib/write-once.server.ts";
import { getAppschedAccess, type AppschedAccess } from "./access.server.ts";
import { getAccessTokenUntil, writeAccessToken } from "./access-cookie.server.ts";
import { appointmentSlotInput, refuseStep, writeAppointment } from "./appointment-write.server.ts";
import { completedBookingFlows, type CompletedBooking } from "./completed-flows.server.ts";
import { appointmentsIt } from "./texts.ts";
import { mergeHeaders } from "#client/lib/flow.server.ts";
import type { StepForm } from "#client/lib/flow-route.server.ts";
import { withDetails, withOffice, withRequester, withSlot, type BookingState } from "./flow-state.ts";
import type { BookingStep } from "./steps.ts";
import {
  answerAlreadySent,
  answerUnsure,
  getCompletedFlowKey,
  bookingRoute,
  refuseCompletedFlow,
  restartBooking,
  withServiceCategory,
  type BookingVariant,
} from "./booking-loader.server.ts";
import { findOffice } from "./step-loaders.server.ts";
import { translatorFor } from "#client/i18n/i18n-context.tsx";
import { bookingStepHref, appointmentPaths } from "./urls.ts";
import {
  validateDetails,
  validatePlace,
  validatePrivacy,
  validateRequester,
  validateSlot,
} from "./validate-steps.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider>; url: URL };

type Ctx = {
  context: Readonly<RouterContextProvider>;
  access: AppschedAccess;
  variant: BookingVariant;
  state: BookingState;
  form: FormData;
  /** Saves the next state and goes on (Post/Redirect/Get): to the next step, or back to the summary after "Modifica". */
  save: (next: BookingState) => Response;
  /** The summary this state shows, as the success's mark records it (`FlowRoute.sentVersion`). */
  sentVersion: () => string;
};

/** Each step's form (client/lib/flow-route.server.ts); a flow already confirmed is over: nothing of it is saved again. */
export async function handleBookingAction(
  { request, context, url }: Args,
  getVariant: (access: AppschedAccess) => BookingVariant,
) {
  const form = await readForm(request, context);
  const access = await getAppschedAccess(request, context);
  const variant = getVariant(access);
  if (access.loginRequired) throw redirect(upstreamLoginHref(`${url.pathname}${url.search}`));
  const route = bookingRoute(access, variant);
  const step =
    (handler: (ctx: Ctx) => Promise<Response | StepRefusal> | Response | StepRefusal) =>
    async ({ state, save }: StepForm<BookingState, BookingStep>) => {
      const own = withServiceCategory(variant, state);
      await refuseCompletedFlow(access, variant, own);
      const sentVersion = () => route.sentVersion(state);
      return handler({
        context,
        access,
        variant,
        state: own,
        form,
        save: (next) => save(next, form),
        sentVersion,
      });
    };
  return route.action(access.services.flow, request, {
    luogo: step(savePlace),
    data: step(saveSlot),
    dettagli: step(saveDetails),
    richiedente: step(saveRequester),
    riepilogo: step(confirmBooking),
  });
}

type StepRefusal = ReturnType<typeof refuseStep>;

async function savePlace(ctx: Ctx) {
  const result = await validatePlace(
    ctx.access.api,
    ctx.form,
    ctx.access.services.locale,
    ctx.variant.service?.categoryId,
  );
  if (!result.ok) return refuseStep("luogo", result.errors, result.values);
  return ctx.save(withOffice(ctx.state, result.categoryId, result.officeId));
}

async function requireOffice(ctx: Ctx) {
  if (!ctx.state.officeId) throw redirect(bookingStepHref(ctx.variant.route, "luogo"));
  const office = await findOffice(ctx.access.api, ctx.state.officeId);
  if (!office) throw restartBooking(ctx.access, ctx.variant);
  return office;
}

async function saveSlot(ctx: Ctx) {
  const office = await requireOffice(ctx);
  const result = await validateSlot(ctx.access.api, office.id, ctx.form, ctx.access.services.locale);
  if (!result.ok) return refuseStep("data", result.errors, result.values);
  return ctx.save(withSlot(ctx.state, result.day, result.time));
}

async function saveDetails(ctx: Ctx) {
  const office = await requireOffice(ctx);
  const result = validateDetails(office, ctx.form, ctx.access.services.locale);
  if (!result.ok) return refuseStep("dettagli", result.errors, result.values);
  return ctx.save(withDetails(ctx.state, result.reasonId, result.details));
}

function saveRequester(ctx: Ctx) {
  const result = validateRequester(ctx.form, ctx.access.user, ctx.access.services.locale);
  if (!result.ok) return refuseStep("richiedente", result.errors, result.values);
  return ctx.save(withRequester(ctx.state, result.requester));
}

async function confirmBooking(ctx: Ctx) {
  const { access, variant, state } = ctx;
  // The summary the citizen confirms has given the attempt its key; without one, show the summary (it makes one).
  if (!state.attempt) throw redirect(bookingStepHref(variant.route, "riepilogo"));
  const privacy = validatePrivacy(ctx.form, ctx.access.services.locale);
  if (privacy) return refuseStep("riepilogo", { privacy }, {});
  const office = await requireOffice(ctx);
  const reason = (office.activitiesRelated ?? []).find((candidate) => candidate.id === state.reasonId);
  if (!reason) throw redirect(bookingStepHref(variant.route, "dettagli"));
  const input = buildNewAppointment(access, state, reason);
  // One booking per flow, even when the same flow state is confirmed twice (see completed-flows.server.ts).
  const outcome = await writeAppointment(
    () =>
      completedBookingFlows
        .run(ctx.context, {
          key: getCompletedFlowKey(access, variant, state),
          create: async () => completedOf(access, await access.api.createAppointment(input)),
          find: access.user ? () => findBooked(access, input) : undefined,
        })
        .catch((error: unknown) => {
          // No answer: it may be booked (a logged-in retry looks among the appointments; an anonymous one cannot).
          if (isUnsureFailure(error)) return { status: "unsure" } as const;
          throw error;
        }),
    {
      state,
      dateStepHref: (query) => bookingStepHref(variant.route, "data", query),
      saveState: (kept) => variant.flow.save(access.services.flow, kept),
      locale: access.services.locale,
    },
  );
  if ("answer" in outcome) return outcome.answer;
  const written = outcome.written;
  switch (written.status) {
    case "created":
      return redirect(appointmentPaths.bookingSuccess(written.result.appointmentId), {
        headers: justDoneHeaders(
          access.services.flow,
          "booked",
          written.result.appointmentId,
          successCookies(access, variant, written.result),
          ctx.sentVersion(),
        ),
      });
    case "replayed":
      return answerAlreadySent(access, variant, written.result);
    case "pending":
      return refuseStep("riepilogo", { form: bookingT(access)("appointments.summary.pending") }, {}, 409);
    case "unsure":
      if (access.user)
        return refuseStep("riepilogo", { form: bookingT(access)("appointments.summary.unsure") }, {}, 504);
      return answerUnsure(access, variant);
    case "unknown":
      return answerUnsure(access, variant);
    case "refused": {
      const { status, message } = storeRefusal(ctx.context, written.refusal);
      return refuseStep("riepilogo", { form: message }, {}, status);
    }
  }
}

const bookingT = (access: AppschedAccess) => translatorFor(access.services.locale, appointmentsIt);

/** What a booking made keeps for a second confirmation of the same flow. */
function completedOf(access: AppschedAccess, created: CreatedAppointment): CompletedBooking {
  return {
    appointmentId: created.id,
    accessToken: access.user ? null : (created.accessToken ?? null),
    accessUntil: getAccessTokenUntil(created),
    completedAt: Date.now(),
  };
}

/**
 * A confirmation whose answer never came, looked for among the citizen's appointments (or the delegator's): the same
 * office, the same start, the same notes, not cancelled. Nobody holds two such appointments.
 */
async function findBooked(access: AppschedAccess, input: NewAppointment): Promise<CompletedBooking | null> {
  const own = await access.authenticated.listAppointments(access.user!.codFisc);
  const start = input.start.slice(0, 16);
  const found = own.find(
    (a) =>
      String(a.serviceId) === String(input.serviceId) &&
      a.start.replace("T", " ").slice(0, 16) === start &&
      a.notes === input.notes &&
      a.status !== "ANNULLATA",
  );
  return found ? completedOf(access, found) : null;
}

function buildNewAppointment(
  access: AppschedAccess,
  state: BookingState,
  reason: { id: string; name: string },
): NewAppointment {
  const requester = state.requester!;
  const { user } = access;
  const customer = user
    ? { firstName: user.nome, lastName: user.cognome, email: requester.email, codice_fiscale: user.codFisc }
    : {
        firstName: requester.nome,
        lastName: requester.cognome,
        email: requester.email,
        ...(requester.codiceFiscale ? { codice_fiscale: requester.codiceFiscale } : {}),
      };
  const slot = { officeId: state.officeId!, day: state.day!, time: state.time!, details: state.details! };
  return { book: new Date().toISOString(), ...appointmentSlotInput(slot, reason), customer };
}

/** The flow is over: its state goes; an anonymous visitor keeps the proof to read the booking back. */
function successCookies(access: AppschedAccess, variant: BookingVariant, booking: CompletedBooking): Headers {
  const { flow } = access.services;
  const proof = booking.accessToken
    ? { id: booking.appointmentId, token: booking.accessToken, until: booking.accessUntil }
    : null;
  return mergeHeaders(variant.flow.clear(flow), proof ? writeAccessToken(flow, proof) : undefined);
}
