/*
 * The steps of this flow, for its pages (stepper, headings, back links) and the server alike. Kept apart from
 * flow-state.ts, whose zod schemas the browser never needs: a page importing a step name must not pull zod into its
 * chunk (build-tools/client-chunks.ts).
 */

export const SPONTANEOUS_STEPS = ["privacy", "tipologia", "dati", "importo", "riepilogo"] as const;
export type SpontaneousStep = (typeof SPONTANEOUS_STEPS)[number];
