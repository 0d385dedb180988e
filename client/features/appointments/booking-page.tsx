import { ActingForChooser } from "#client/lib/acting-for/index.ts";
import { FlowStepPage } from "#client/components/flow/step-page.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { href } from "#client/lib/links.ts";
import { BOOKING_STEPS, getPreviousBookingStep, STEP_TITLES, type BookingStep } from "./steps.ts";
import { AppointmentLayout, LoginRequired } from "./page-layout.tsx";
import { StepDate } from "./step-date.tsx";
import { StepDetails } from "./step-details.tsx";
import { StepPlace } from "./step-place.tsx";
import { StepRequester } from "./step-requester.tsx";
import { StepSummary } from "./step-summary.tsx";
import type { BookingPageData, BookingStepData, StepActionData } from "./step-types.ts";
import { TextWithContent, useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { bookingStepHref, type BookingRoute } from "./urls.ts";
import { FROM_SUMMARY_QUERY } from "#client/lib/flow-fields.ts";

export type BookingPageProps = { data: BookingPageData; actionData?: StepActionData };

/** The five-step booking (both variants): stepper, the current step's form and a way back at every step. */
export function BookingPage({ data, actionData }: BookingPageProps) {
  const t = useT(appointmentsIt);
  if (data.kind === "login") {
    return (
      <AppointmentLayout title={t("appointments.title")} service={data.service}>
        <LoginRequired loginHref={data.loginHref} />
      </AppointmentLayout>
    );
  }
  const { stepData, route } = data;
  const index = BOOKING_STEPS.indexOf(stepData.step) + 1;
  return (
    <AppointmentLayout
      title={t("appointments.title")}
      service={
        data.serviceTitle && route.servizio ? { id: route.servizio, title: data.serviceTitle } : undefined
      }
      lead={
        data.serviceTitle ? (
          <TextWithContent
            text={t("appointments.leadFromService")}
            content={{ service: data.serviceTitle }}
          />
        ) : (
          t("appointments.lead")
        )
      }
    >
      {data.actingFor ? (
        <ActingForChooser choice={data.actingFor} redirectTo={bookingStepHref(route, "luogo")} />
      ) : null}
      <FlowStepPage
        steps={BOOKING_STEPS.map((name) => t(STEP_TITLES[name]))}
        current={index}
        title={t(STEP_TITLES[stepData.step])}
        focusKey={stepData.step}
        notices={
          <BookingNotices restarted={data.restarted} alreadySent={data.alreadySent} unsure={data.unsure} />
        }
      >
        <BookingStepView data={data} stepData={stepData} route={route} actionData={actionData} />
      </FlowStepPage>
    </AppointmentLayout>
  );
}

/** The flow started again (its state was too old or not ours), the booking was already sent, or may have been. */
function BookingNotices({
  restarted,
  alreadySent,
  unsure,
}: {
  restarted?: boolean;
  alreadySent?: boolean;
  unsure?: boolean;
}) {
  const t = useT(appointmentsIt);
  return (
    <>
      {restarted ? (
        <Callout title={t("appointments.restartedTitle")} variant="warning" titleAs="h2">
          <p className="mb-0">{t("appointments.restarted")}</p>
        </Callout>
      ) : null}
      {alreadySent ? (
        <Callout title={t("appointments.alreadySentTitle")} variant="info" titleAs="h2">
          <p className="mb-0">{t("appointments.alreadySent")}</p>
        </Callout>
      ) : null}
      {unsure ? (
        <Callout title={t("appointments.unsureTitle")} variant="warning" titleAs="h2">
          <p>{t("appointments.unsure")}</p>
          <p className="mb-0">{t("appointments.unsureNext")}</p>
        </Callout>
      ) : null}
    </>
  );
}

type StepViewProps = {
  data: Extract<BookingPageData, { kind: "step" }>;
  stepData: BookingStepData;
  route: BookingRoute;
  actionData?: StepActionData;
};

function BookingStepView({ data, stepData, route, actionData }: StepViewProps) {
  const { returnToSummary } = data;
  const extra = returnToSummary ? FROM_SUMMARY_QUERY : {};
  const backHref = getBackHref(route, stepData.step, returnToSummary);
  const common = { actionData, backHref, returnToSummary };
  switch (stepData.step) {
    case "luogo":
      return <StepPlace data={stepData} {...common} servizio={route.servizio} />;
    case "data":
      return (
        <StepDate
          data={stepData}
          {...common}
          monthHref={(month) => bookingStepHref(route, "data", { ...extra, mese: month }, "#calendario")}
          dayHref={(day) => bookingStepHref(route, "data", { ...extra, giorno: day }, "#orari")}
        />
      );
    case "dettagli":
      return <StepDetails data={stepData} {...common} />;
    case "richiedente":
      return <StepRequester data={stepData} {...common} />;
    case "riepilogo": {
      const edit = (step: BookingStep) => bookingStepHref(route, step, FROM_SUMMARY_QUERY);
      return (
        <StepSummary
          data={stepData}
          actionData={actionData}
          backHref={backHref}
          editLinks={{
            office: edit("luogo"),
            when: edit("data"),
            details: edit("dettagli"),
            requester: edit("richiedente"),
          }}
        />
      );
    }
  }
}

function getBackHref(route: BookingRoute, step: BookingStep, returnToSummary: boolean): string {
  if (returnToSummary) return bookingStepHref(route, "riepilogo");
  const previous = getPreviousBookingStep(step);
  return previous ? bookingStepHref(route, previous) : href("/");
}
