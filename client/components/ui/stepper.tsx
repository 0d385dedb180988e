import { useT } from "#client/i18n/i18n-context.tsx";
import { Icon } from "./icon.tsx";

export type StepperProps = {
  steps: string[];
  /** The current step, counting from 1. */
  current: number;
};

/** bootstrap-italia `steppers` header: earlier steps confirmed, the current one active, "n/N" on the right. */
export function Stepper({ steps, current }: StepperProps) {
  const t = useT();
  return (
    <div className="steppers">
      <div className="steppers-header">
        <ul aria-label={t("stepper.label", { current, total: steps.length })}>
          {steps.map((title, index) => {
            const step = index + 1;
            const state = step < current ? "confirmed" : step === current ? "active" : undefined;
            return (
              <li key={title} className={state} aria-current={state === "active" ? "step" : undefined}>
                {title}
                {state === "confirmed" ? <Icon name="it-check" className="steppers-success" /> : null}
                {state ? (
                  <span className="visually-hidden">
                    {" "}
                    {state === "confirmed" ? t("stepper.confirmed") : t("stepper.active")}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
        <span className="steppers-index" aria-hidden="true">
          {current}/{steps.length}
        </span>
      </div>
    </div>
  );
}
