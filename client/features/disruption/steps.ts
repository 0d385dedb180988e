import type { TextKey } from "#client/i18n/i18n-context.tsx";
import type { disruptionIt } from "./texts.ts";

/*
 * The steps of this flow, for its pages (stepper, headings, back links) and the server alike. Kept apart from
 * flow-state.ts, whose zod schemas the browser never needs: a page importing a step name must not pull zod into its
 * chunk (build-tools/client-chunks.ts).
 */

export const DISRUPTION_STEPS = ["autorizzazioni", "dati", "riepilogo"] as const;
export type DisruptionStep = (typeof DISRUPTION_STEPS)[number];

export const STEP_TITLES = {
  autorizzazioni: "disruption.step.autorizzazioni",
  dati: "disruption.step.dati",
  riepilogo: "disruption.step.riepilogo",
} as const satisfies Record<DisruptionStep, TextKey<typeof disruptionIt>>;

export function previousStep(step: DisruptionStep): DisruptionStep | null {
  const index = DISRUPTION_STEPS.indexOf(step);
  return index > 0 ? DISRUPTION_STEPS[index - 1]! : null;
}
