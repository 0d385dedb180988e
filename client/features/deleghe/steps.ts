/** The steps of the new online delegation, in order (the last is the summary). No zod: the browser loads it. */
export const ONLINE_STEPS = ["delegato", "servizi", "riepilogo"] as const;
export type OnlineStep = (typeof ONLINE_STEPS)[number];

/** The steps of the request with documents, in order (the last is the summary). */
export const REQUEST_STEPS = ["delegante", "servizi", "documenti", "riepilogo"] as const;
export type RequestStep = (typeof REQUEST_STEPS)[number];

/** The file field of a request's document slot (the page and the action use the same name). */
export const documentFieldName = (slot: "CI_FRONTE" | "CI_RETRO" | "MODULO_DELEGA") => `documento-${slot}`;
