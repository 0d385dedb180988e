import { data, redirect, type RouterContextProvider } from "react-router";
import { formText } from "#client/lib/services.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import {
  ANY_PROVIDER,
  formatAppointmentNotes,
  toAppointmentStart,
  type NewAppointment,
} from "#shared/api/appsched.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { routeError } from "#shared/route-error.ts";
import { getAppschedAccess, type AppschedAccess } from "./access.server.ts";
import { getAccessTokenUntil, writeAccessToken } from "./access-cookie.server.ts";
import { completedBookingFlows, type CompletedBooking } from "./completed-flows.server.ts";
import {
  getFirstIncompleteStep,
  getNextBookingStep,
  withDetails,
  withOffice,
  withoutTime,
  withRequester,
  withSlot,
  type BookingState,
  type BookingStep,
} from "./flow-state.ts";
import {
  answerAlreadySent,
  getCompletedFlowKey,
  readBookingState,
  refuseCompletedFlow,
  restartBooking,
  SLOT_TAKEN_NOTICE,
  type BookingVariant,
} from "./booking-loader.server.ts";
import { findOffice } from "./step-loaders.server.ts";
import type { StepActionData } from "./step-types.ts";
import { texts } from "./texts.ts";
import { bookingStepHref, appointmentPaths } from "./urls.ts";
import {
  validateDetails,
  validatePlace,
  validatePrivacy,
  validateRequester,
  validateSlot,
} from "./validate-steps.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider>; url: URL };

type Ctx = { access: AppschedAccess; variant: BookingVariant; state: BookingState; form: FormData };

function refuse(intent: string, errors: StepActionData["errors"], values: Record<string, string>) {
  return data<StepActionData>({ intent, errors, values }, { status: 400 });
}

/** Saves the state and goes on (Post/Redirect/Get): to the next step, or back to the summary when editing from it. */
function saveAndGo(ctx: Ctx, state: BookingState, step: BookingStep) {
  const loggedIn = ctx.access.user !== null;
  const back =
    formText(ctx.form, "ritorno") === "riepilogo" && getFirstIncompleteStep(state, loggedIn) === "riepilogo";
  const next = back ? "riepilogo" : getNextBookingStep(step);
  return redirect(bookingStepHref(ctx.variant.route, next), {
    headers: { "Set-Cookie": ctx.access.services.flow.write(ctx.variant.flow, state) },
  });
}

export async function handleBookingAction(
  { request, context, url }: Args,
  getVariant: (access: AppschedAccess) => BookingVariant,
) {
  const form = await readForm(request, context);
  const access = await getAppschedAccess(request, context);
  const variant = getVariant(access);
  if (access.loginRequired) throw redirect(upstreamLoginHref(`${url.pathname}${url.search}`));
  const state = readBookingState(access, variant);
  // A flow already confirmed is over: none of its steps is saved again, let alone booked.
  refuseCompletedFlow(access, variant, state);
  const ctx: Ctx = { access, variant, state, form };
  switch (formText(form, "intent")) {
    case "luogo":
      return savePlace(ctx);
    case "data":
      return saveSlot(ctx);
    case "dettagli":
      return saveDetails(ctx);
    case "richiedente":
      return saveRequester(ctx);
    case "riepilogo":
      return confirmBooking(ctx);
    default:
      throw routeError(400, { title: "Richiesta non valida." });
  }
}

async function savePlace(ctx: Ctx) {
  const result = await validatePlace(ctx.access.api, ctx.form, ctx.variant.service?.categoryId);
  if (!result.ok) return refuse("luogo", result.errors, result.values);
  return saveAndGo(ctx, withOffice(ctx.state, result.categoryId, result.officeId), "luogo");
}

async function requireOffice(ctx: Ctx) {
  if (!ctx.state.officeId) throw redirect(bookingStepHref(ctx.variant.route, "luogo"));
  const office = await findOffice(ctx.access.api, ctx.state.officeId);
  if (!office) throw restartBooking(ctx.access, ctx.variant);
  return office;
}

async function saveSlot(ctx: Ctx) {
  const office = await requireOffice(ctx);
  const result = await validateSlot(ctx.access.api, office.id, ctx.form);
  if (!result.ok) return refuse("data", result.errors, result.values);
  return saveAndGo(ctx, withSlot(ctx.state, result.day, result.time), "data");
}

async function saveDetails(ctx: Ctx) {
  const office = await requireOffice(ctx);
  const result = validateDetails(office, ctx.form);
  if (!result.ok) return refuse("dettagli", result.errors, result.values);
  return saveAndGo(ctx, withDetails(ctx.state, result.reasonId, result.details), "dettagli");
}

function saveRequester(ctx: Ctx) {
  const result = validateRequester(ctx.form, ctx.access.user);
  if (!result.ok) return refuse("richiedente", result.errors, result.values);
  return saveAndGo(ctx, withRequester(ctx.state, result.requester), "richiedente");
}

async function confirmBooking(ctx: Ctx) {
  const { access, variant, state } = ctx;
  const missing = getFirstIncompleteStep(state, access.user !== null);
  if (missing !== "riepilogo") throw redirect(bookingStepHref(variant.route, missing));
  const privacy = validatePrivacy(ctx.form);
  if (privacy) return refuse("riepilogo", { privacy }, {});
  const office = await requireOffice(ctx);
  const reason = (office.activitiesRelated ?? []).find((candidate) => candidate.id === state.reasonId);
  if (!reason) throw redirect(bookingStepHref(variant.route, "dettagli"));
  const input = buildNewAppointment(access, state, reason.name);
  try {
    // One booking per flow, even when the same flow state is confirmed twice (see completed-flows.server.ts).
    const { booking, replayed } = await completedBookingFlows.once(
      getCompletedFlowKey(access, variant, state),
      async (): Promise<CompletedBooking> => {
        const created = await access.api.createAppointment(input);
        return {
          appointmentId: created.id,
          accessToken: access.user ? null : (created.accessToken ?? null),
          accessUntil: getAccessTokenUntil(created),
          completedAt: Date.now(),
        };
      },
    );
    if (replayed) return answerAlreadySent(access, variant, booking);
    return redirect(appointmentPaths.bookingSuccess(booking.appointmentId), {
      headers: successCookies(access, variant, booking),
    });
  } catch (error) {
    if (isUpstreamFailure(error, 422)) {
      // The slot went to someone else meanwhile: back to the date step, everything else kept.
      const kept = withoutTime(state);
      return redirect(
        bookingStepHref(variant.route, "data", {
          giorno: state.day,
          avviso: SLOT_TAKEN_NOTICE,
          da: "riepilogo",
        }),
        {
          headers: { "Set-Cookie": access.services.flow.write(variant.flow, kept) },
        },
      );
    }
    if (isUpstreamFailure(error, 400)) {
      const reasonText = error.data.details[0];
      return refuse(
        "riepilogo",
        { form: reasonText ? `${texts.summary.rejected}: ${reasonText}` : texts.summary.rejected },
        {},
      );
    }
    throw error;
  }
}

function buildNewAppointment(
  access: AppschedAccess,
  state: BookingState,
  reasonName: string,
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
  return {
    book: new Date().toISOString(),
    start: toAppointmentStart(state.day!, state.time!),
    notes: formatAppointmentNotes({ reasonId: state.reasonId!, reasonName, details: state.details! }),
    customer,
    providerId: ANY_PROVIDER,
    serviceId: state.officeId!,
  };
}

/** The flow is over: its state goes; an anonymous visitor keeps the proof to read the booking back. */
function successCookies(access: AppschedAccess, variant: BookingVariant, booking: CompletedBooking): Headers {
  const { flow } = access.services;
  const headers = new Headers();
  headers.append("Set-Cookie", flow.clear(variant.flow));
  if (booking.accessToken) {
    headers.append(
      "Set-Cookie",
      writeAccessToken(flow, {
        id: booking.appointmentId,
        token: booking.accessToken,
        until: booking.accessUntil,
      }),
    );
  }
  return headers;
}
