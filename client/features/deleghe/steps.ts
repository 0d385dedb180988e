/** The steps of the new online delegation, in order (the last is the summary). No zod: the browser loads it. */
export const ONLINE_STEPS = ["delegato", "servizi", "riepilogo"] as const;
export type OnlineStep = (typeof ONLINE_STEPS)[number];
