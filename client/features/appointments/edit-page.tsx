import { Callout } from "#client/components/ui/callout.tsx";
import { FlowStepPage } from "#client/components/flow/step-page.tsx";
import { CancelAppointment, CancelConfirmation } from "./cancel-appointment.tsx";
import { EDIT_STEPS, STEP_TITLES, type EditStep } from "./steps.ts";
import { AppointmentLayout, LoginRequired } from "./page-layout.tsx";
import { StepDate } from "./step-date.tsx";
import { StepDetails } from "./step-details.tsx";
import { StepSummary } from "./step-summary.tsx";
import type { EditPageData, StepActionData } from "./step-types.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";
import { appointmentPaths, editStepHref } from "./urls.ts";
import { FROM_SUMMARY_QUERY } from "#client/lib/flow-fields.ts";

type EditData = Extract<EditPageData, { kind: "edit" }>;

/** Change an appointment (by id or by e-mailed link): the current one, "Annulla", then date, details and summary. */
export function EditPage({ data, actionData }: { data: EditPageData; actionData?: StepActionData }) {
  const t = useT(appointmentsIt);
  if (data.kind === "login") {
    return (
      <AppointmentLayout title={t("appointments.editFlow.title")} current={t("appointments.editFlow.title")}>
        <LoginRequired
          loginHref={data.loginHref}
          title={t("appointments.loginRequiredEditTitle")}
          message={t("appointments.loginRequiredEdit")}
        />
      </AppointmentLayout>
    );
  }
  const { current } = data;
  return (
    <AppointmentLayout
      title={t("appointments.editFlow.title")}
      current={t("appointments.editFlow.title")}
      lead={t("appointments.editFlow.lead")}
    >
      <div className="card card-bg no-after rounded mx-0 mb-4">
        <div className="card-body">
          <h2 className="card-title h5">{t("appointments.editFlow.current")}</h2>
          <p className="mb-1 fw-semibold">{current.when}</p>
          <p className="mb-1">
            {current.office?.name} · {current.office?.location}
          </p>
          <p className="mb-3">
            {t("appointments.summary.status")}: {current.statusLabel}
          </p>
          {data.cancel.confirm ? null : (
            <CancelAppointment
              appointment={current}
              action={data.cancel.action}
              noJsHref={data.cancel.noJsHref}
            />
          )}
        </div>
      </div>
      {data.cancel.confirm ? (
        <CancelConfirmation appointment={current} action={data.cancel.action} backHref={data.basePath} />
      ) : data.loginHref ? (
        <LoginRequired
          loginHref={data.loginHref}
          title={t("appointments.loginRequiredEditTitle")}
          message={t("appointments.loginRequiredEdit")}
        />
      ) : data.stepData ? (
        <FlowStepPage
          steps={EDIT_STEPS.map((step) => t(STEP_TITLES[step]))}
          current={EDIT_STEPS.indexOf(data.stepData.step) + 1}
          title={t(STEP_TITLES[data.stepData.step])}
          focusKey={data.stepData.step}
          notices={
            data.restarted ? (
              <Callout title={t("appointments.restartedTitle")} variant="warning" titleAs="h2">
                <p className="mb-0">{t("appointments.restarted")}</p>
              </Callout>
            ) : null
          }
        >
          <EditStepView data={data} stepData={data.stepData} actionData={actionData} />
        </FlowStepPage>
      ) : null}
    </AppointmentLayout>
  );
}

function EditStepView(props: {
  data: EditData;
  stepData: NonNullable<EditData["stepData"]>;
  actionData?: StepActionData;
}) {
  const t = useT(appointmentsIt);
  const { data, stepData, actionData } = props;
  const { basePath, returnToSummary } = data;
  const stepHref = (step: EditStep, extra: Record<string, string> = {}, hash = "") =>
    editStepHref(basePath, step, { ...(returnToSummary ? FROM_SUMMARY_QUERY : {}), ...extra }, hash);
  const exit = data.mode === "id" ? appointmentPaths.bookingSuccess(data.current.id) : href("/");
  const backHref = returnToSummary
    ? editStepHref(basePath, "riepilogo")
    : previousHref(basePath, stepData.step, exit);
  switch (stepData.step) {
    case "data":
      return (
        <StepDate
          data={stepData}
          actionData={actionData}
          backHref={backHref}
          returnToSummary={returnToSummary}
          monthHref={(month) => stepHref("data", { mese: month }, "#calendario")}
          dayHref={(day) => stepHref("data", { giorno: day }, "#orari")}
        />
      );
    case "dettagli":
      return (
        <StepDetails
          data={stepData}
          actionData={actionData}
          backHref={backHref}
          returnToSummary={returnToSummary}
        />
      );
    case "riepilogo":
      return (
        <StepSummary
          data={stepData}
          actionData={actionData}
          backHref={backHref}
          submitLabel={t("appointments.editFlow.confirm")}
          editLinks={{
            when: editStepHref(basePath, "data", FROM_SUMMARY_QUERY),
            details: editStepHref(basePath, "dettagli", FROM_SUMMARY_QUERY),
          }}
        />
      );
  }
}

/** The first step leaves the flow (`exit`); the others go back to the step before. */
function previousHref(basePath: string, step: EditStep, exit: string): string {
  const index = EDIT_STEPS.indexOf(step);
  return index > 0 ? editStepHref(basePath, EDIT_STEPS[index - 1]!) : exit;
}
