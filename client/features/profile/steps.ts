import type { TextKey } from "#client/i18n/i18n-context.tsx";
import type { profileIt } from "./texts.ts";

/*
 * The steps of this flow, for its pages (stepper, headings, back links) and the server alike. Kept apart from
 * flow-state.ts, whose zod schemas the browser never needs: a page importing a step name must not pull zod into its
 * chunk (build-tools/client-chunks.ts).
 */

export const WIZARD_STEPS = ["informativa", "contatti", "preferenze", "riepilogo"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const WIZARD_STEP_TITLES = {
  informativa: "profile.wizard.stepPrivacy",
  contatti: "profile.wizard.stepContacts",
  preferenze: "profile.wizard.stepPreferences",
  riepilogo: "profile.wizard.stepSummary",
} as const satisfies Record<WizardStep, TextKey<typeof profileIt>>;
