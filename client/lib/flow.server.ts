import type { MiddlewareFunction } from "react-router";
import type { z } from "zod";
import type { FlowOwner, RequestServices } from "#client/context.ts";
import { flowNameOf, type FlowCookieKey } from "#shared/portal-cookies.ts";
import { normalizeFiscalCode } from "#shared/validation/fiscal-code.ts";
import { FROM_SUMMARY, RETURN_FIELD } from "./flow-fields.ts";
import type { Query } from "./links.ts";
import { getServices } from "./services.ts";

/*
 * The one flow primitive (issue #26, docs/decisions/flows.md). A multi-step flow keeps what the citizen typed in one
 * sealed HttpOnly cookie, its own entry of shared/portal-cookies.ts (sealed by server/render/flow-state.ts):
 * it survives a reload, the back button and a login in the middle, and works without JavaScript. `defineFlow` says
 * once per flow which steps it has, which schema its state must pass when read back, when a step is complete (so
 * no step is shown before the ones it needs), how long a flow lasts and where the final submit's idempotency key
 * lives; every helper that changes the cookie RETURNS the headers to answer with, so no action writes `Set-Cookie`.
 *
 * A flow belongs to whoever started it (issue #36): every state is saved with its owner, the logged-in citizen (by
 * their comparable fiscal code) or "anonymous" on this browser (`CITFAC_BROWSER`), and read back only by that owner.
 * Anyone else (the next citizen at a shared computer, an anonymous visitor after a logout, another browser holding a
 * copied cookie) reads nothing: the problem `foreign`, which each flow answers as it answers an expired state (it
 * starts over saying so), never showing what was there. One exception: a flow started anonymously goes on after a
 * login on the same browser (a login in the middle keeps the choices) and is saved as the citizen's from then on.
 * The owner is known once per request, before any loader or action (`flowOwnerMiddleware`, a root middleware).
 */

/** The request's flow cookies (`getServices(context).flow`). */
export type FlowCookies = RequestServices["flow"];

/**
 * Why a cookie that was there gave no state: not sealed by us, failing the schema, too old, or saved by someone else
 * than who reads it (`foreign`: see above).
 */
export type FlowProblem = "tampered" | "invalid" | "expired" | "foreign";

export type FlowRead<S> = { state: S | undefined; problem: FlowProblem | null };

/** One sealed cookie read through a zod schema: the base of every flow, and of the small states kept beside one. */
export type FlowCookie<S> = {
  /** The flow's name: its cookie's after `flow_` (what its sealing is bound to). */
  readonly name: string;
  /** The state: `undefined` with `problem: null` when there is none, with a problem when it cannot be trusted. */
  read(cookies: FlowCookies): FlowRead<S>;
  /** The headers saving `state` (a session cookie unless `expires` is given). */
  save(cookies: FlowCookies, state: S, options?: { expires?: Date }): Headers;
  /** The headers clearing the cookie (the flow is over, or starts again). */
  clear(cookies: FlowCookies): Headers;
  /** `state` as it will read back (through JSON and the schema: unknown keys dropped, the schema's own form). */
  readBack(state: S): S;
};

/**
 * Defines a sealed cookie holding a state that must pass `schema` when read back: `key` is its entry in
 * shared/portal-cookies.ts (a cookie without one does not compile).
 */
export function defineFlowCookie<S>(key: FlowCookieKey, schema: z.ZodType<S>): FlowCookie<S> {
  const name = flowNameOf(key);
  return {
    name,
    read(cookies) {
      const raw = cookies.read(name);
      if (raw === undefined) return { state: undefined, problem: null };
      if (raw === "tampered") return { state: undefined, problem: "tampered" };
      const envelope = EnvelopeSchema.safeParse(raw);
      if (!envelope.success) return { state: undefined, problem: "invalid" };
      if (!mayRead(cookies, envelope.data.o)) return { state: undefined, problem: "foreign" };
      const parsed = schema.safeParse(envelope.data.s);
      return parsed.success
        ? { state: parsed.data, problem: null }
        : { state: undefined, problem: "invalid" };
    },
    save(cookies, state, options) {
      const { tag, setCookie } = ownerTag(cookies);
      const headers = setCookieHeaders(cookies.write(name, { o: tag, s: state } satisfies Envelope, options));
      if (setCookie) headers.append("Set-Cookie", setCookie);
      return headers;
    },
    clear(cookies) {
      return setCookieHeaders(cookies.clear(name));
    },
    readBack(state) {
      const parsed = schema.safeParse(JSON.parse(JSON.stringify(state)) as unknown);
      return parsed.success ? parsed.data : state;
    },
  };
}

/** What a flow cookie holds: its owner's tag (`c:<fiscal code>` or `a:<browser id>`) and the flow's state. */
type Envelope = { o: string; s: unknown };
const EnvelopeSchema = {
  safeParse(raw: unknown): { success: true; data: Envelope } | { success: false } {
    if (typeof raw !== "object" || raw === null || !("o" in raw) || !("s" in raw)) return { success: false };
    const { o, s } = raw as Record<string, unknown>;
    return typeof o === "string" ? { success: true, data: { o, s } } : { success: false };
  },
};

/** The request's owner, as the root middleware set it; unknown (the upstream failed) throws that failure. */
function ownerOf(cookies: FlowCookies): Exclude<FlowOwner, { kind: "unknown" }> {
  const owner = cookies.owner;
  if (!owner) throw new Error("a flow was used before flowOwnerMiddleware ran (it is a root middleware)");
  if (owner.kind === "unknown") throw owner.failure;
  return owner;
}

/** The tag a state is saved with, and the `Set-Cookie` giving this browser its id when an anonymous flow needs it. */
function ownerTag(cookies: FlowCookies): { tag: string; setCookie: string | null } {
  const owner = ownerOf(cookies);
  if (owner.kind === "citizen") return { tag: `c:${owner.cf}`, setCookie: null };
  const browser = cookies.browser();
  return { tag: `a:${browser.id}`, setCookie: browser.setCookie };
}

/** Whether this request's owner may read a state saved by `tag`: the same owner, or a citizen after a login on the same browser. */
function mayRead(cookies: FlowCookies, tag: string): boolean {
  const owner = ownerOf(cookies);
  if (tag === ownerTag(cookies).tag) return true;
  const anonymousHere = `a:${cookies.browser().id}`;
  return owner.kind === "citizen" && tag === anonymousHere && cookies.browser().setCookie === null;
}

/**
 * Root middleware (issue #36): who this request's flows belong to, once, before any loader or action: the citizen
 * the upstream says is logged in, else anonymous (on this browser). When the upstream cannot say, no flow is read or
 * saved in this request (each use throws the upstream's failure, which the page shows as such).
 */
export const flowOwnerMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const services = getServices(context);
  try {
    const user = await services.api.getCurrentUser();
    services.flow.owner = user
      ? { kind: "citizen", cf: normalizeFiscalCode(user.codFisc) }
      : { kind: "anonymous" };
  } catch (failure) {
    services.flow.owner = { kind: "unknown", failure };
  }
  return next();
};

/**
 * This request's owner tags, the one it writes with first: the citizen's (`c:<fiscal code>`) and, on a browser that
 * holds its id, the anonymous one of that browser (what it kept before logging in); anonymous: the browser's, when it
 * holds one. None when the owner is not known (the upstream could not say, or no root middleware ran).
 */
export function flowOwnerTags(cookies: FlowCookies): string[] {
  const owner = cookies.owner;
  if (!owner || owner.kind === "unknown") return [];
  const browser = cookies.browser();
  const anonymous = browser.setCookie === null ? [`a:${browser.id}`] : [];
  return owner.kind === "citizen" ? [`c:${owner.cf}`, ...anonymous] : anonymous;
}

/**
 * The headers clearing every flow cookie the request carries, and the browser's id (logout: nothing of a citizen stays
 * in the browser, and the next visitor's anonymous flows are bound to a new id).
 */
export function clearEveryFlow(cookies: FlowCookies): Headers {
  const headers = new Headers();
  for (const name of cookies.carried()) headers.append("Set-Cookie", cookies.clear(name));
  if (cookies.browser().setCookie === null) headers.append("Set-Cookie", cookies.clearBrowser());
  return headers;
}

/**
 * The owner tags of the flow cookies this request carries (those the portal sealed), whoever they belong to: at
 * logout, whose files to delete even when the upstream session had already ended.
 */
export function carriedOwnerTags(cookies: FlowCookies): string[] {
  const tags = new Set<string>();
  for (const name of cookies.carried()) {
    const envelope = EnvelopeSchema.safeParse(cookies.read(name));
    if (envelope.success) tags.add(envelope.data.o);
  }
  return [...tags];
}

/** The state's field holding the final submit's idempotency key (32 hex digits, as the payments' keys). */
type WithAttempt = { attempt?: string };

export type FlowDefinition<S, Step extends string, C> = {
  /** Its cookie's entry in shared/portal-cookies.ts (`flowBooking`...). */
  cookie: FlowCookieKey;
  schema: z.ZodType<S>;
  /** The steps in order; the last one is the summary (never "complete": it is where the flow ends). */
  steps: readonly Step[];
  /** Whether a step before the summary is filled in; `context` is what else decides it (e.g. logged in or not). */
  isComplete: (step: Step, state: S, context: C) => boolean;
  /** The flow lasts `maxAgeMs` from `startedAt(state)`; an older state (or one from the future) is `expired`. */
  expiry?: { startedAt: (state: S) => number; maxAgeMs: number };
  /**
   * What a bare address (no step, or an unknown one) shows: the step the citizen has reached (default), or the
   * first step.
   */
  bareShows?: "reached" | "first";
};

export type Flow<S, Step extends string, C> = FlowCookie<S> & {
  readonly steps: readonly Step[];
  readonly summary: Step;
  isStep(value: unknown): value is Step;
  /** The first step still to fill in (the summary when everything is there). */
  firstIncomplete(state: S, context: C): Step;
  /**
   * The step to show for the one asked for: no skipping ahead (a step whose predecessors are incomplete gives the
   * first incomplete one); a bare or unknown step gives what `bareShows` says.
   */
  resolveStep(requested: string | null, state: S, context: C): Step;
  /**
   * Where a saved step goes on to: the next step, or back to the summary when the citizen came from its "Modifica"
   * (`fromSummary`) and nothing is missing any more.
   */
  nextStep(step: Step, state: S, context: C, fromSummary: boolean): Step;
};

/** Defines a multi-step flow: see `FlowDefinition` and docs/decisions/flows.md. */
export function defineFlow<S, Step extends string, C = void>(
  definition: FlowDefinition<S, Step, C>,
): Flow<S, Step, C> {
  const { steps, isComplete, expiry } = definition;
  const cookie = defineFlowCookie(definition.cookie, definition.schema);
  const summary = steps[steps.length - 1]!;
  const isStep = (value: unknown): value is Step =>
    typeof value === "string" && (steps as readonly string[]).includes(value);
  const firstIncomplete = (state: S, context: C) =>
    steps.find((step) => step !== summary && !isComplete(step, state, context)) ?? summary;
  return {
    ...cookie,
    steps,
    summary,
    isStep,
    read(cookies) {
      const read = cookie.read(cookies);
      if (read.state !== undefined && expiry && isExpired(expiry.startedAt(read.state), expiry.maxAgeMs)) {
        return { state: undefined, problem: "expired" };
      }
      return read;
    },
    firstIncomplete,
    resolveStep(requested, state, context) {
      const reachable = firstIncomplete(state, context);
      if (!isStep(requested)) return definition.bareShows === "first" ? steps[0]! : reachable;
      return steps.indexOf(requested) <= steps.indexOf(reachable) ? requested : reachable;
    },
    nextStep(step, state, context, fromSummary) {
      if (fromSummary && firstIncomplete(state, context) === summary) return summary;
      return steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)]!;
    },
  };
}

/**
 * The one way a flow says it started over (issue #39): its state was missing when a form needed it, tampered with,
 * expired, or another owner's. The address it goes back to carries this query (`withQuery(path, { passo,
 * ...STARTED_OVER })`), its page reads it with `wasStartedOver` and words the notice in the flow's own terms.
 */
export const STARTED_OVER = { avviso: "ricominciato" } as const satisfies Query;

/** Whether the page was reached because its flow started over (`STARTED_OVER`). */
export function wasStartedOver(url: URL): boolean {
  return url.searchParams.get("avviso") === STARTED_OVER.avviso;
}

/** The step's form was opened from the summary's "Modifica" (it carries `ReturnToSummaryField`). */
export function isFromSummary(form: FormData): boolean {
  return form.get(RETURN_FIELD) === FROM_SUMMARY;
}

/** Started more than `maxAgeMs` ago, or more than 5 minutes in the future (a clock gone wrong). */
export function isExpired(startedAt: number, maxAgeMs: number, now: number = Date.now()): boolean {
  return now - startedAt > maxAgeMs || startedAt - now > 5 * 60 * 1000;
}

/** A new idempotency key for a final submit (32 hex digits). */
export function newAttemptKey(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/**
 * The final submit's idempotency key: created once, when the summary shows, and kept while nothing changes, so a
 * re-post (a double click, a retry after a timeout) carries the same key and the upstream does the work once.
 * `created` tells the caller to save the state (`flow.save`).
 */
export function ensureAttempt<S extends WithAttempt>(state: S): { state: S; key: string; created: boolean } {
  if (state.attempt) return { state, key: state.attempt, created: false };
  const key = newAttemptKey();
  return { state: { ...state, attempt: key }, key, created: true };
}

/** The state without its idempotency key: any change to a step starts a new attempt. */
export function withoutAttempt<S extends WithAttempt>(state: S): S {
  const { attempt: _attempt, ...rest } = state;
  return rest as S;
}

function setCookieHeaders(values: string | readonly string[]): Headers {
  const headers = new Headers();
  for (const value of typeof values === "string" ? [values] : values) headers.append("Set-Cookie", value);
  return headers;
}

/** One set of headers from several (each `Set-Cookie` kept): e.g. a flow cleared and a proof saved beside it. */
export function mergeHeaders(...parts: (Headers | undefined)[]): Headers {
  const merged = new Headers();
  for (const part of parts) part?.forEach((value, key) => key !== "set-cookie" && merged.append(key, value));
  for (const part of parts)
    for (const value of part?.getSetCookie() ?? []) merged.append("Set-Cookie", value);
  return merged;
}
