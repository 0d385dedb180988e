import { useRef } from "react";
import { FlowStepForm } from "#client/components/flow/step-form.tsx";
import { RadioGroup } from "#client/components/ui/choice-fields.tsx";
import { formFields } from "#client/components/ui/form-fields.ts";
import { useFocusOnChange } from "#client/components/ui/use-focus-on-change.ts";
import { StepNav } from "./flow-form.tsx";
import { MonthCalendar } from "./month-calendar.tsx";
import { OfficeCard } from "./office-card.tsx";
import type { DateStepData, StepActionData } from "./step-types.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { stepActionFor } from "./use-step-errors.ts";

export type StepDateProps = {
  data: DateStepData;
  actionData?: StepActionData;
  backHref: string;
  returnToSummary: boolean;
  monthHref: (month: string) => string;
  dayHref: (day: string) => string;
  submitLabel?: string;
};

/** The day and the time: what was posted, or what the page says of them (a day out of range, a time just taken). */
function useDateFields(data: DateStepData, actionData: StepActionData | undefined) {
  const t = useT(appointmentsIt);
  const { errors: submitted, values } = stepActionFor(actionData, "data");
  return formFields({
    values: { orario: values?.orario ?? data.time ?? "" },
    errors: {
      giorno: submitted.giorno ?? data.dayError ?? undefined,
      orario: submitted.orario ?? (data.slotTaken ? t("appointments.date.slotTaken") : undefined),
    },
    labels: { giorno: t("appointments.date.calendar"), orario: t("appointments.date.time") },
    // The calendar's heading (its days are links), the first time offered (or the message in its place).
    anchors: { giorno: "calendario", orario: "orario-0" },
  });
}

/** Step "Data e orario": the month calendar, then the free times of the chosen day as radio buttons. */
export function StepDate(props: StepDateProps) {
  const t = useT(appointmentsIt);
  const { data, actionData, backHref, returnToSummary, monthHref, dayHref, submitLabel } = props;
  const { field, summary } = useDateFields(data, actionData);
  const time = field("orario");
  const times = useRef<HTMLElement>(null);
  // A day chosen without a page load: its times (or "no times left") are what comes next, as the link's `#orari`
  // says without JavaScript.
  useFocusOnChange(data.day ?? "", times);
  const offered = Boolean(data.day) && data.times.length > 0;
  const timesLegend = t("appointments.date.times", { day: data.dayLabel ?? data.day ?? "" });
  const timesName = !data.day
    ? t("appointments.date.time")
    : offered
      ? timesLegend
      : t("appointments.date.noTimes");
  return (
    <>
      <FlowStepForm
        intent="data"
        returnToSummary={returnToSummary}
        errors={summary}
        intro={
          <>
            <p>{t("appointments.date.intro")}</p>
            <OfficeCard office={data.office} />
            <MonthCalendar
              calendar={data.calendar}
              monthHref={monthHref}
              dayHref={dayHref}
              error={field("giorno").error}
            />
          </>
        }
      >
        <input type="hidden" name="giorno" value={data.day ?? ""} />
        <section id="orari" ref={times} aria-label={timesName} tabIndex={-1}>
          {offered ? (
            <RadioGroup
              key={data.day}
              name={time.name}
              idPrefix="orario"
              legend={timesLegend}
              options={data.times.map((time) => ({
                value: time,
                label: `${t("appointments.date.at")} ${time}`,
              }))}
              value={time.defaultValue}
              error={time.error}
            />
          ) : (
            <p className="fw-semibold">
              {data.day ? t("appointments.date.noTimes") : t("appointments.date.timesNoDay")}
            </p>
          )}
          {time.error && !offered ? (
            <div id="orario-0" tabIndex={-1} className="invalid-feedback d-block mb-3">
              {time.error}
            </div>
          ) : null}
        </section>
        <StepNav backHref={backHref} submitLabel={submitLabel} />
      </FlowStepForm>
    </>
  );
}
