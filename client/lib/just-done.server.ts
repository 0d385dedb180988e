import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { defineFlowCookie, mergeHeaders, type FlowCookies } from "./flow.server.ts";
import { getServices } from "./services.ts";

/*
 * What the citizen has just done (issue #40: a success page opened directly announced a success that did not
 * happen). The action that did it redirects to its success page (or to a list whose notice names it) with this sealed
 * session cookie naming what and on what (an appointment's id, a link's hash, a form's code); the page announces the
 * success only when it matches, and otherwise shows the thing as it is, or leads to where it lives: a link made by
 * someone else announces nothing. A later action of the session replaces it.
 */

const JUST_DONE_KINDS = [
  "booked",
  "edited",
  "cancelled",
  "profile",
  // The notices of a page the action went back to, the value of the address word they read (`justDoneNamed`):
  // a form's draft duplicated or deleted (its code), a profile's change (`?esito=`), a favourite added or removed
  // (`aggiunto:<service id>`), a delegation accepted, refused, withdrawn or cancelled (`?fatto=`).
  "instanceDuplicated",
  "instanceDeleted",
  "profileSaved",
  "favourite",
  "delegaAction",
] as const;
export type JustDoneKind = (typeof JUST_DONE_KINDS)[number];

const justDone = defineFlowCookie(
  "flowJustDone",
  // `sent`: the flow's summary that did it (`FlowRoute.sentVersion`), for its route's `sent`.
  z.object({ kind: z.enum(JUST_DONE_KINDS), ref: z.string().max(128), sent: z.string().max(64).optional() }),
);

/**
 * The headers of a redirect to a success page: `kind` was just done on `ref` (with the action's own headers), by the
 * flow summary `sent` when a flow did it.
 */
export function justDoneHeaders(
  flow: FlowCookies,
  kind: JustDoneKind,
  ref: string,
  headers?: Headers,
  sent?: string,
): Headers {
  return mergeHeaders(headers ?? new Headers(), justDone.save(flow, { kind, ref, sent }));
}

/** What this browser has just done of `kind` by a flow's summary: its `ref` and the summary sent, or undefined. */
export function justSentBy(flow: FlowCookies, kind: JustDoneKind): { ref: string; sent: string } | undefined {
  const state = justDone.read(flow).state;
  return state?.kind === kind && state.sent ? { ref: state.ref, sent: state.sent } : undefined;
}

/** What this browser has just done of `kind` (its `ref`), or null. */
export function justDoneRef(context: Readonly<RouterContextProvider>, kind: JustDoneKind): string | null {
  const state = justDone.read(getServices(context).flow).state;
  return state?.kind === kind ? state.ref : null;
}

/** True when this browser has just done `kind` on `ref` (its success page may say so). */
export function wasJustDone(
  context: Readonly<RouterContextProvider>,
  kind: JustDoneKind,
  ref: string,
): boolean {
  const state = justDone.read(getServices(context).flow).state;
  return state?.kind === kind && state.ref === ref;
}

/**
 * The value of the address word `word` when this browser has just done `kind` on it, else null: a notice of the page
 * an action went back to says what the address names only when the session's cookie vouches for it.
 */
export function justDoneNamed(
  context: Readonly<RouterContextProvider>,
  url: URL,
  word: string,
  kind: JustDoneKind,
): string | null {
  const value = url.searchParams.get(word);
  return value !== null && wasJustDone(context, kind, value) ? value : null;
}
