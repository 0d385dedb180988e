import type { Locale } from "#shared/locale.ts";
import { data, redirect, type RouterContextProvider } from "react-router";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import type { ServiceDetail } from "#shared/api/tenant-config.ts";
import { getAppschedAccess, type AppschedAccess } from "./access.server.ts";
import { readAccessTokens, writeAccessToken } from "./access-cookie.server.ts";
import { toOfficeView } from "./appointment-view.ts";
import { appointmentError } from "./errors.ts";
import { mergeHeaders, STARTED_OVER } from "#client/lib/flow.server.ts";
import { defineFlowRoute } from "#client/lib/flow-route.server.ts";
import { justSentBy } from "#client/lib/just-done.server.ts";
import {
  bookingFlow,
  bookingFromServiceFlow,
  createBookingState,
  findAccessToken,
  type BookingFlow,
  type BookingState,
} from "./flow-state.ts";
import type { BookingStep } from "./steps.ts";
import {
  buildDetailsStep,
  buildSummary,
  findOffice,
  loadDateStep,
  pickReasonForService,
} from "./step-loaders.server.ts";
import type { BookingPageData, BookingStepData } from "./step-types.ts";
import type { ActingForChoice } from "#client/lib/acting-for/index.ts";
import { actingForChoice } from "#client/lib/acting-for/index.server.ts";
import {
  appointmentPaths,
  BOOKING_FROM_SERVICE_PATH,
  BOOKING_PATH,
  bookingStepHref,
  type BookingRoute,
} from "./urls.ts";
import { completedBookingFlows, completedFlowKey, type CompletedBooking } from "./completed-flows.server.ts";

export const SLOT_TAKEN_NOTICE = "orario-occupato";
/** The flow had already been confirmed (on the success page and on step 1). */
export const ALREADY_SENT_NOTICE = "gia-inviata";
/** An anonymous confirmation got no answer: it may be booked, which only the e-mail can tell (step 1). */
export const UNSURE_NOTICE = "esito-incerto";
/** How long after a booking a repeated confirmation of its flow still gets the anonymous proof again. */
export const PROOF_AGAIN_WINDOW_MS = 10 * 60 * 1000;

type Args = { request: Request; context: Readonly<RouterContextProvider>; url: URL };

/** Which booking: the plain one, or the one started from a service (its detail gives category and title). */
export type BookingVariant = {
  flow: BookingFlow;
  route: BookingRoute;
  service: { id: string; title: string; categoryId: string } | null;
};

export function getPlainVariant(): BookingVariant {
  return { flow: bookingFlow, route: { path: BOOKING_PATH }, service: null };
}

/** Variant 2 (`?servizio=` = a config service's `idServizio` whose detail names an appsched category). */
export function getServiceVariant(
  details: ServiceDetail[],
  servizio: string | null,
  locale: Locale,
): BookingVariant {
  const detail = details.find(
    (candidate) => candidate.idServizio === servizio && candidate.idSportello != null,
  );
  if (!servizio || !detail) throw appointmentError("service-not-found", locale);
  return {
    flow: bookingFromServiceFlow,
    route: { path: BOOKING_FROM_SERVICE_PATH, servizio },
    service: { id: servizio, title: detail.titolo, categoryId: String(detail.idSportello) },
  };
}

/**
 * The booking as a step table (client/lib/flow-route.server.ts): its steps depend on being logged in (a citizen's
 * requester is complete with an e-mail); the bare address shows the step reached without a round trip (the page
 * linked from every service card); the variant from a service keeps its `servizio` in every address, and a flow of
 * another service is none of its own.
 */
export function bookingRoute(access: AppschedAccess, variant: BookingVariant) {
  const service = variant.service;
  return defineFlowRoute(variant.flow, {
    path: variant.route.path,
    query: { servizio: variant.route.servizio },
    start: () => createBookingState(service?.id),
    belongs: service ? (state) => state.servizio === service.id : undefined,
    context: access.user !== null,
    bare: "show",
    sent: (cookies) => {
      const booked = justSentBy(cookies, "booked");
      return booked && { outcome: appointmentPaths.bookingSuccess(booked.ref), version: booked.sent };
    },
  });
}

/** The state as the steps use it: from a service, its category is fixed. */
export function withServiceCategory(variant: BookingVariant, state: BookingState): BookingState {
  return variant.service ? { ...state, categoryId: variant.service.categoryId } : state;
}

export function getCompletedFlowKey(access: AppschedAccess, variant: BookingVariant, state: BookingState) {
  return completedFlowKey(access.services.tenantId, variant.flow.name, state.id);
}

/** Throws the answer for a flow that was already confirmed (see `answerAlreadySent`); returns when it was not. */
export async function refuseCompletedFlow(
  access: AppschedAccess,
  variant: BookingVariant,
  state: BookingState,
): Promise<void> {
  const done = await completedBookingFlows.recall(getCompletedFlowKey(access, variant, state));
  if (done) throw answerAlreadySent(access, variant, done);
}

/**
 * A flow confirmed before is not booked again. The flow cookie goes; who can read the booking (logged in, holding
 * its proof, or asking again within minutes: a double submission whose first answer never arrived) lands on its
 * success page, anyone else on step 1; both say "Questa prenotazione è già stata inviata".
 */
export function answerAlreadySent(
  access: AppschedAccess,
  variant: BookingVariant,
  done: CompletedBooking,
  now: number = Date.now(),
) {
  const { flow } = access.services;
  const id = done.appointmentId;
  const holdsProof = findAccessToken(readAccessTokens(flow), id, now) !== undefined;
  const proofAgain =
    access.user === null &&
    !holdsProof &&
    done.accessToken !== null &&
    now - done.completedAt <= PROOF_AGAIN_WINDOW_MS;
  const headers = mergeHeaders(
    variant.flow.clear(flow),
    proofAgain
      ? writeAccessToken(flow, { id, token: done.accessToken!, until: done.accessUntil }, now)
      : undefined,
  );
  const readable = access.user !== null || holdsProof || proofAgain;
  const target = readable
    ? `${appointmentPaths.bookingSuccess(id)}?avviso=${ALREADY_SENT_NOTICE}`
    : bookingStepHref(variant.route, "luogo", { avviso: ALREADY_SENT_NOTICE });
  return redirect(target, { headers });
}

/**
 * An anonymous confirmation whose answer never came: the portal cannot read appointments without a citizen, so it
 * neither knows whether it was booked nor sends it again. The flow goes (a new booking is a new flow, the citizen's
 * choice); step 1 says to look for the confirmation e-mail the appointments service sends, before booking again.
 */
export function answerUnsure(access: AppschedAccess, variant: BookingVariant) {
  return redirect(bookingStepHref(variant.route, "luogo", { avviso: UNSURE_NOTICE }), {
    headers: variant.flow.clear(access.services.flow),
  });
}

export function restartBooking(access: AppschedAccess, variant: BookingVariant) {
  return redirect(bookingStepHref(variant.route, "luogo", STARTED_OVER), {
    headers: variant.flow.clear(access.services.flow),
  });
}

export async function loadBooking(
  { request, context, url }: Args,
  getVariant: (access: AppschedAccess) => BookingVariant,
) {
  const access = await getAppschedAccess(request, context);
  const variant = getVariant(access);
  if (access.loginRequired) {
    return data<BookingPageData>({
      kind: "login",
      loginHref: upstreamLoginHref(`${url.pathname}${url.search}`),
      ...(variant.service ? { service: { id: variant.service.id, title: variant.service.title } } : {}),
    });
  }
  const page = bookingRoute(access, variant).page(access.services.flow, url);
  const state = withServiceCategory(variant, page.state);
  await refuseCompletedFlow(access, variant, state);
  const step = page.step;
  const { stepData, status } = await loadStep(step, access, variant, state, url);
  return data<BookingPageData>(
    {
      kind: "step",
      route: variant.route,
      serviceTitle: variant.service?.title ?? null,
      loggedIn: access.user !== null,
      restarted: page.startedOver,
      alreadySent: url.searchParams.get("avviso") === ALREADY_SENT_NOTICE,
      unsure: url.searchParams.get("avviso") === UNSURE_NOTICE,
      returnToSummary: page.fromSummary,
      stepData,
      actingFor: step === "luogo" && access.user ? await appointmentsChoice(context, access) : null,
    },
    { status, headers: page.headers },
  );
}

async function loadStep(
  step: BookingStep,
  access: AppschedAccess,
  variant: BookingVariant,
  state: BookingState,
  url: URL,
): Promise<{ stepData: BookingStepData; status: number }> {
  if (step === "luogo") return { stepData: await loadPlaceStep(access, state, url), status: 200 };
  if (step === "richiedente") return { stepData: loadRequesterStep(access, variant, state), status: 200 };
  const office = await findOffice(access.api, state.officeId!);
  if (!office) throw restartBooking(access, variant);
  if (step === "data") {
    const { data: stepData, status } = await loadDateStep(
      access.api,
      office,
      {
        requestedDay: url.searchParams.get("giorno"),
        requestedMonth: url.searchParams.get("mese"),
        savedDay: state.day,
        savedTime: state.time,
        slotTaken: url.searchParams.get("avviso") === SLOT_TAKEN_NOTICE,
      },
      access.services.locale,
    );
    return { stepData, status };
  }
  if (step === "dettagli") {
    const preselected = variant.service ? pickReasonForService(office, variant.service.title) : null;
    return {
      stepData: buildDetailsStep(
        office,
        state.reasonId ?? preselected,
        state.details ?? "",
        access.services.locale,
      ),
      status: 200,
    };
  }
  const legal = await access.api.legalContents();
  const slot = { day: state.day!, time: state.time!, reasonId: state.reasonId!, details: state.details! };
  return {
    stepData: {
      step: "riepilogo",
      summary: buildSummary(office, slot, getSummaryRequester(access, state), access.services.locale),
      legal,
    },
    status: 200,
  };
}

async function loadPlaceStep(
  access: AppschedAccess,
  state: BookingState,
  url: URL,
): Promise<BookingStepData> {
  const categories = await access.api.categories();
  const fixed = state.servizio
    ? (categories.find((category) => category.id === state.categoryId) ?? null)
    : null;
  const asked = url.searchParams.get("categoria");
  const categoryId = fixed
    ? fixed.id
    : (categories.find((category) => category.id === asked)?.id ?? state.categoryId ?? null);
  const offices = categoryId ? await access.api.services(categoryId) : [];
  const officeId = offices.some((office) => office.id === state.officeId) ? state.officeId! : null;
  return {
    step: "luogo",
    categories: categories.map((category) => ({ id: category.id, name: category.name })),
    fixedCategory: fixed ? { id: fixed.id, name: fixed.name } : null,
    categoryId,
    offices: offices.map((office) => toOfficeView(office, access.services.locale)),
    officeId,
  };
}

function loadRequesterStep(
  access: AppschedAccess,
  variant: BookingVariant,
  state: BookingState,
): BookingStepData {
  const { user } = access;
  const saved = state.requester;
  const typed = saved && !saved.fromProfile ? saved : undefined;
  return {
    step: "richiedente",
    profile: user ? { nome: user.nome, cognome: user.cognome, codFisc: user.codFisc } : null,
    values: {
      nome: typed?.nome ?? "",
      cognome: typed?.cognome ?? "",
      email: saved?.email ?? user?.email ?? user?.contatti?.email ?? "",
      codiceFiscale: typed?.codiceFiscale ?? "",
    },
    loginHref: upstreamLoginHref(bookingStepHref(variant.route, "richiedente")),
  };
}

/** Logged in: name and fiscal code from the identity, e-mail as typed; anonymous: as typed. */
export function getSummaryRequester(access: AppschedAccess, state: BookingState) {
  const requester = state.requester;
  if (!requester) return null;
  const { user } = access;
  if (user) {
    return { nome: user.nome, cognome: user.cognome, email: requester.email, codiceFiscale: user.codFisc };
  }
  return {
    nome: requester.nome,
    cognome: requester.cognome,
    email: requester.email,
    codiceFiscale: requester.codiceFiscale ?? null,
  };
}

/**
 * The "per conto di" chooser of the booking (issue #28): acting-for is per asset, so the first delegable APPSCHED
 * service of the municipality for which the citizen has a live delegator (or the one they act under) offers it.
 */
async function appointmentsChoice(
  context: Readonly<RouterContextProvider>,
  access: AppschedAccess,
): Promise<ActingForChoice | null> {
  for (const detail of access.config.dettagli) {
    if (!detail.delegabile || detail.asset?.codice !== "APPSCHED") continue;
    const choice = await actingForChoice(context, Number(detail.idServizio), "APPSCHED");
    if (choice) return choice;
  }
  return null;
}
