import { createHash } from "node:crypto";
import { redirect } from "react-router";
import {
  ensureAttempt,
  isFromSummary,
  STARTED_OVER,
  wasStartedOver,
  withoutAttempt,
  type Flow,
  type FlowCookies,
  type FlowRead,
} from "./flow.server.ts";
import { withQuery, type Query } from "./links.ts";
import { isOpenedFromSummary, SUMMARY_CHANGED, SUMMARY_VERSION } from "./flow-fields.ts";

/*
 * A flow's route as a step table (issue #39, docs/decisions/flows.md): the skeleton every step page and every step
 * form repeated around the flow primitive, written once. A route says its address and how a new state starts; its
 * page resolves the step to show (starting over, saying so, when the state cannot be trusted; never skipping ahead),
 * and its action hands each step's form to that step's handler with `save`, which stores the next state and goes on
 * to the next step (or back to the summary after its "Modifica"). What a step loads and validates stays the feature's.
 */

/** A flow's state: an object, its summary's attempt key in `attempt` when it has one. */
type WithAttempt = { attempt?: string; [field: string]: unknown };

/** A step's address, with more of the query when given (`STARTED_OVER`...). */
export type StepHref<Step> = (step: Step, query?: Query) => string;

/** The step a page shows, with the state so far and the headers saving it when the page changed it. */
export type StepPage<S, Step> = {
  step: Step;
  state: S;
  /** Opened from the summary's "Modifica" (`?da=riepilogo`): the step's form goes back to the summary. */
  fromSummary: boolean;
  /** The flow started over (`STARTED_OVER`): the page says so. */
  startedOver: boolean;
  headers?: Headers;
};

/** What a step's form handler gets: its step, the state so far, `save` (the next state, then on) and `stay`. */
export type StepForm<S, Step> = {
  step: Step;
  state: S;
  /** Saves `next` (a new attempt: any change asks the summary for a new key) and redirects to the step after. */
  save: (next: S, form: FormData) => Response;
  /**
   * Saves `next` and shows this step again, with `query` (a step of several posts: a code sent and waiting, a file
   * added).
   */
  stay: (next: S, query?: Query) => Response;
};

/** One handler per step: the table the action dispatches on (a step without one does not compile). */
export type StepHandlers<S, Step extends string, R> = {
  [K in Step]: (form: StepForm<S, K>) => Promise<R> | R;
};

export type FlowRoute<S, Step extends string> = {
  href: StepHref<Step>;
  /**
   * The step a page shows: a missing, tampered, invalid, expired or foreign state starts over at the first step (the
   * address saying so when there was one, its cookie cleared; a new state is saved by the first step's form); a step
   * asked for out of order redirects to the one reached; the summary gives the final submit its attempt key.
   */
  page(cookies: FlowCookies, url: URL): StepPage<S, Step>;
  /**
   * A step's form: the handler of the step the address names (as resolved). Without a state, a form that a new state
   * reaches (the first step's; any step of an edit starting complete) starts one (nothing typed is lost); any other
   * starts over, saying so.
   */
  action<R>(cookies: FlowCookies, request: Request, steps: StepHandlers<S, Step, R>): Promise<R>;
  /** What a `sent` mark records of the state its submit sent: the digest its summary's address carries. */
  sentVersion(state: S): string;
};

export type FlowRouteOptions<S> = {
  /** The flow's address; its steps are `?passo=<step>`. */
  path: string;
  /** More of the query every step's address carries, before `passo` (the booking's `servizio`). */
  query?: Query;
  /**
   * What the bare address (no `?passo=`) does: redirect to the step reached (default), or `show` it there without a
   * round trip (a flow's entry, linked from everywhere: the booking); its forms then post to the bare address, which
   * the action resolves to the same step.
   */
  bare?: "redirect" | "show";
  /** A new state. */
  start: () => S;
  /** `false` for a flow whose final submit needs no attempt key (its writes are idempotent, or it has its own). */
  summaryKey?: boolean;
  /**
   * A flow whose state outlives its submit (kept for its outcome page): `when` the state is over, a page starts a new
   * one (no notice: nothing was lost) and a form goes to `outcome` (a second "Invia" finds what the first did).
   */
  over?: { when: (state: S) => boolean; outcome: string };
  /**
   * Whether a sound state is this route's: a flow cookie shared by several routes (the edit of one appointment, then of
   * another) holds another's; it is as if there were none, without a notice (nothing of this route was lost).
   */
  belongs?: (state: S) => boolean;
  /**
   * A flow its submit clears, leaving a mark of what it sent beside it (its outcome's cookie, owned as the flow's):
   * `sent` reads the mark, the outcome's address and the summary sent (the `sentVersion` it recorded). A confirmation
   * that finds no state, posted from that very summary (a second "Invia" that left after the first's answer had
   * cleared the state: a slow double click, no JavaScript), goes to the outcome instead of starting over.
   */
  sent?: (cookies: FlowCookies) => { outcome: string; version: string | undefined } | undefined;
};

/**
 * A digest of what the summary shows (the state without its attempt key, as read back through the flow's schema:
 * both sides of the comparison are, so their keys come in the schema's order): the summary's address carries it,
 * its confirmation posts it back.
 */
function summaryVersion(state: WithAttempt): string {
  return createHash("sha256")
    .update(JSON.stringify(withoutAttempt(state)))
    .digest("base64url")
    .slice(0, 16);
}

/** A confirmation of the summary that was sent (`sent`), posted again after the first's answer: to its outcome. */
function goToSentOutcome<S>(options: FlowRouteOptions<S>, cookies: FlowCookies, posted: string | null) {
  const sent = options.sent?.(cookies);
  if (sent && posted !== null && posted === sent.version) throw redirect(sent.outcome, 303);
}

/** What else decides whether a step is complete (`Flow`'s context: the booking's "logged in"), when the flow has one. */
type ContextOption<C> = undefined extends C ? { context?: C } : { context: C };

/** The flow's route (see `FlowRouteOptions`). Its forms' redirects are 303 (see other: the step's page, a GET). */
export function defineFlowRoute<S extends WithAttempt, Step extends string, C = undefined>(
  flow: Flow<S, Step, C>,
  options: FlowRouteOptions<S> & ContextOption<C>,
): FlowRoute<S, Step> {
  const first = flow.steps[0]!;
  const context = options.context as C;
  const stepHref: StepHref<Step> = (step, query = {}) =>
    withQuery(options.path, { ...options.query, passo: step, ...query });
  /** The summary's address for `state`, keeping the notices of the address asked for. */
  const summaryHref = (state: S, query: Query = {}) =>
    stepHref(flow.summary as Step, { ...query, [SUMMARY_VERSION]: summaryVersion(state) });
  /** Whether a page at `requested` must go to `step` instead (a bare address may show it: `bare: "show"`). */
  const elsewhere = (requested: string | null, step: Step) =>
    requested !== step && !(requested === null && options.bare === "show");
  const ownRead = (cookies: FlowCookies): FlowRead<S> => {
    const read = flow.read(cookies);
    const foreign = read.state !== undefined && options.belongs?.(read.state) === false;
    return foreign ? { state: undefined, problem: null } : read;
  };
  return {
    href: stepHref,
    page(cookies, url) {
      const read = ownRead(cookies);
      const requested = url.searchParams.get("passo");
      const shown = {
        fromSummary: isOpenedFromSummary(url.searchParams),
        startedOver: wasStartedOver(url),
      };
      if (read.problem || !read.state || options.over?.when(read.state)) {
        // A new state is saved by the first step's form, not by its page: a page view sets no cookie (an anonymous
        // first step stays the same for everyone); one that cannot be trusted, or is over, is cleared.
        const state = options.start();
        const headers = read.state || read.problem ? flow.clear(cookies) : undefined;
        if (requested !== first && (read.problem || elsewhere(requested, first)))
          throw redirect(stepHref(first, read.problem ? STARTED_OVER : undefined), { headers });
        return { step: first, state, headers, ...shown };
      }
      const step = flow.resolveStep(requested, read.state, context);
      if (elsewhere(requested, step)) throw redirect(stepHref(step));
      // The summary gives the final submit its attempt key (kept while nothing changes: a re-post is the same attempt).
      const attempt =
        step === flow.summary && options.summaryKey !== false ? ensureAttempt(read.state) : null;
      if (attempt?.created)
        return { step, state: attempt.state, headers: flow.save(cookies, attempt.state), ...shown };
      return { step, state: read.state, ...shown };
    },
    async action<R>(cookies: FlowCookies, request: Request, steps: StepHandlers<S, Step, R>): Promise<R> {
      const requested = new URL(request.url).searchParams.get("passo");
      const kept = ownRead(cookies).state;
      const state = kept ?? options.start();
      if (options.over?.when(state)) throw redirect(options.over.outcome, 303);
      const step = flow.resolveStep(requested, state, context);
      const posted = new URL(request.url).searchParams.get(SUMMARY_VERSION);
      if (!kept && requested === flow.summary) goToSentOutcome(options, cookies, posted);
      // No state, and a form a new one does not reach: what came before it is gone.
      if (!kept && requested !== null && step !== requested)
        throw redirect(stepHref(first, STARTED_OVER), 303);
      // A confirmation of a summary that is no longer the state's (another tab changed a step since): not sent. The
      // steps' forms lead to the summary's address with the digest (`save`); a summary reached by an address without
      // one (a link, the bare address) confirms without the check, as before.
      if (kept && step === flow.summary && posted !== null && posted !== summaryVersion(kept))
        throw redirect(summaryHref(kept, SUMMARY_CHANGED), 303);
      // Any step saved again starts a new attempt (a new key when the summary shows again).
      const saved = (next: S) => ({ status: 303, headers: flow.save(cookies, withoutAttempt(next)) });
      // The summary's address carries the digest of `next` as the summary will read it back (what its
      // confirmation is compared with).
      const landing = (to: Step, next: S, query?: Query) =>
        redirect(
          to === flow.summary ? summaryHref(flow.readBack(next), query) : stepHref(to, query),
          saved(next),
        );
      const save = (next: S, form: FormData) =>
        landing(flow.nextStep(step, next, context, isFromSummary(form)), next);
      const stay = (next: S, query?: Query) => landing(step, next, query);
      const handler = steps[step] as (form: StepForm<S, Step>) => Promise<R> | R;
      return handler({ step, state, save, stay });
    },
    sentVersion: summaryVersion,
  };
}
