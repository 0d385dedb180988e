import type { ActingForChoice } from "#client/lib/acting-for/index.ts";
import type { CalendarMonth } from "./calendar.ts";
import type { AppointmentView, OfficeView } from "./appointment-view.ts";
import type { BookingRoute } from "./urls.ts";

import type { FieldErrors } from "#shared/validation/form.ts";

export type { FieldErrors };

/** What an action answers when the input is refused: the messages and what the citizen typed. */
export type StepActionData = { intent: string; errors: FieldErrors; values: Record<string, string> };

export type Option = { id: string; name: string };

export type PlaceStepData = {
  step: "luogo";
  categories: Option[];
  /** Set when the flow started from a service: its category, not to be chosen again. */
  fixedCategory: Option | null;
  categoryId: string | null;
  offices: OfficeView[];
  officeId: string | null;
};

export type DateStepData = {
  step: "data";
  office: OfficeView;
  calendar: CalendarMonth;
  day: string | null;
  /** "martedì 1 dicembre 2026" */
  dayLabel: string | null;
  times: string[];
  time: string | null;
  dayError: string | null;
  /** The slot chosen at the summary was taken meanwhile (upstream 422). */
  slotTaken: boolean;
};

export type DetailsStepData = {
  step: "dettagli";
  office: OfficeView;
  reasons: Option[];
  reasonId: string | null;
  details: string;
};

export type RequesterValues = { nome: string; cognome: string; email: string; codiceFiscale: string };

export type RequesterStepData = {
  step: "richiedente";
  /** The logged-in citizen's identity (not editable); null for anonymous visitors. */
  profile: { nome: string; cognome: string; codFisc: string } | null;
  values: RequesterValues;
  loginHref: string;
};

export type SummaryView = {
  office: OfficeView;
  when: string;
  reasonName: string;
  details: string;
  requester: { nome: string; cognome: string; email: string; codiceFiscale: string | null } | null;
  statusLabel?: string;
};

export type SummaryStepData = {
  step: "riepilogo";
  summary: SummaryView;
  legal: { title: string; body: string } | null;
};

export type BookingStepData =
  PlaceStepData | DateStepData | DetailsStepData | RequesterStepData | SummaryStepData;

export type LoginRequiredData = {
  kind: "login";
  loginHref: string;
  /** The service card the booking started from, for the breadcrumb. */
  service?: { id: string; title: string };
};

export type BookingPageData =
  | LoginRequiredData
  | {
      kind: "step";
      route: BookingRoute;
      serviceTitle: string | null;
      loggedIn: boolean;
      restarted: boolean;
      /** A copy of a flow already confirmed was sent again: nothing new was booked. */
      alreadySent: boolean;
      /** An anonymous confirmation got no answer: it may be booked (the confirmation e-mail tells). */
      unsure: boolean;
      /** Came from a "Modifica" link of the summary: saving goes back there. */
      returnToSummary: boolean;
      stepData: BookingStepData;
      /** On the first step of a logged-in citizen with delegators for a delegable appointment service (issue #28). */
      actingFor: ActingForChoice | null;
    };

export type CancelLinks = { action: string; noJsHref: string; confirm: boolean };

export type EditPageData =
  | LoginRequiredData
  | {
      kind: "edit";
      mode: "id" | "hash";
      basePath: string;
      current: AppointmentView;
      cancel: CancelLinks;
      /** Set when the calendar cannot be read anonymously here (municipality not public): log in to change. */
      loginHref: string | null;
      restarted: boolean;
      returnToSummary: boolean;
      stepData: DateStepData | DetailsStepData | SummaryStepData | null;
    };

export type ManageLinks = { editHref: string; cancelAction: string; cancelNoJsHref: string };

export type ConfirmationData = {
  /** Just booked or changed by this browser; "view" when the page was opened otherwise (issue #40). */
  kind: "booked" | "edited" | "view";
  appointment: AppointmentView;
  calendarHref: string;
  loggedIn: boolean;
  /** Change and cancel, when the appointment can still be changed by this visitor. */
  manage: ManageLinks | null;
  /** The booking flow was confirmed again: this is the appointment it had already booked, nothing new. */
  alreadySent: boolean;
};
