import { useRef, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Callout } from "#client/components/ui/callout.tsx";
import { Stepper } from "#client/components/ui/stepper.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { wasSummaryChanged } from "#client/lib/flow-fields.ts";
import { useFocusOnChange } from "#client/components/ui/use-focus-on-change.ts";

export type FlowStepPageProps = {
  /** Every step's title, in order (the stepper). */
  steps: string[];
  /** The step shown, counting from 1. */
  current: number;
  /** The step's heading (an h2 under the page's h1). */
  title: ReactNode;
  /** What changes when another step shows without a page load: the heading takes the focus then. */
  focusKey: string;
  /** The heading's classes, as the flow's design has them. */
  headingClassName?: string;
  /** The heading's id (e.g. to name the section around the page). */
  headingId?: string;
  /**
   * `step` (default): the heading is the step's, under the stepper; `flow`: the heading is the flow's own title,
   * above the stepper (the delegations have no heading per step).
   */
  heading?: "step" | "flow";
  /** Shown between the stepper and the heading: a flow started again, already sent, an error summary. */
  notices?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of every flow's step (docs/decisions/flows.md): the bootstrap-italia stepper, the notices (the flow's own,
 * after the one every flow shares: a summary shown again because it changed before its confirmation), the step's
 * heading (focused when the step changes without a page load, see `useFocusOnChange`) and the step's content.
 */
export function FlowStepPage({
  steps,
  current,
  title,
  focusKey,
  headingClassName = "h3 mt-4 mb-3",
  headingId,
  heading = "step",
  notices,
  children,
}: FlowStepPageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(focusKey, headingRef);
  const t = useT();
  const changed = wasSummaryChanged(new URLSearchParams(useLocation().search));
  const h2 = (
    <h2 ref={headingRef} id={headingId} tabIndex={-1} className={headingClassName}>
      {title}
    </h2>
  );
  return (
    <>
      {heading === "flow" ? h2 : null}
      <Stepper steps={steps} current={current} />
      {changed ? (
        <Callout title={t("flow.summaryChanged.title")} variant="warning" titleAs="h2">
          <p className="mb-0">{t("flow.summaryChanged.text")}</p>
        </Callout>
      ) : null}
      {notices}
      {heading === "step" ? h2 : null}
      {children}
    </>
  );
}
