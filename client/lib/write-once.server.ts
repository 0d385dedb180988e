import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { isUpstreamFailure, UPSTREAM_NOT_HANDLED } from "#shared/api/upstream-failure.ts";
import { getServices } from "./services.ts";
import {
  createTransientStore,
  isStoreUnavailable,
  storeOwner,
  type StoreLimits,
  type StoreRefused,
  type TransientStore,
} from "./transient-store.server.ts";

/*
 * AT MOST ONCE, BY THE PORTAL ITSELF (issue #35; docs/decisions/upstream-writes.md). The BFF's proxies rebuild each
 * request with their own headers only, so no upstream honours an `Idempotency-Key`: a booking, a ticket, a payment
 * position, a delegation or a delegation request sent twice is made twice. Every final submit that creates something
 * upstream goes through `defineWriteOnce(...).run`, keyed by the flow's attempt key (`ensureAttempt`,
 * client/lib/flow.server.ts):
 *
 * - the key is CLAIMED in the shared store before anything is sent (`add`: one claimant across replicas);
 * - a second submission with the key while the first is on its way waits for it (the same promise in this process;
 *   on another replica it watches the store for up to `waitMs`) and answers what the first created (`replayed`);
 * - what was created is remembered (`done`) for as long as the flow may come back (`ttlMs`): a replayed cookie or a
 *   late double click answers it without calling the upstream;
 * - a call whose outcome is unknown (timeout, network, a 5xx: the upstream may have made it) leaves the key
 *   `unsure`. A retry never sends it blindly: a kind that can find its writes again (`find`: in what the upstream
 *   lets the portal read, e.g. the citizen's appointments) looks there first, once the upstream has had `settleMs`
 *   to finish, and sends again only when nothing is there; a kind that cannot (`find` absent: anonymous writes,
 *   payment positions) is never sent again with that key: `unknown`, and the page says what the citizen will
 *   receive and where to check;
 * - a refusal (a 4xx: the slot taken, a validation error) forgets the key: the citizen corrects and confirms again.
 */

/** One kind of write: its store (named `write-<name>`), what it remembers of a write, and for how long. */
export type WriteKindOptions<R> = {
  name: string;
  /** The result kept for a replay (small: ids, never a file). */
  schema: z.ZodType<R>;
  /** How long an attempt is remembered: at least the life of the flow state that carries its key. */
  ttlMs: number;
  /** Bounds of the kind's store (a full store refuses the newcomer: nothing is sent, 503 with the input kept). */
  maxEntries: number;
  perClient: StoreLimits;
};

/** How the attempt went, as far as this request can tell. */
export type WriteOutcome<R> =
  /** This request created it. */
  | { status: "created"; result: R }
  /** An earlier submission with the same key created it (remembered, or found again upstream): nothing was sent. */
  | { status: "replayed"; result: R }
  /** An earlier submission is still waiting for the upstream, or just failed to hear back: nothing was sent, retry shortly. */
  | { status: "pending" }
  /** An earlier submission's outcome is unknown and the upstream gives no way to find it: never sent again. */
  | { status: "unknown"; since: number }
  /** The shared store refused the claim (full, the client's quota, or down): nothing was sent. */
  | { status: "refused"; refusal: StoreRefused };

export type WriteAttempt<R> = {
  /** The attempt key (the flow's `attempt`): the same key is the same write. */
  key: string;
  /** Sends the write; a thrown upstream failure of status ≥ 500 (or a timeout) leaves the outcome unknown. */
  create: () => Promise<R>;
  /**
   * What an earlier attempt that started at `since` (epoch ms) created, looked up in what the upstream lets the portal
   * read; null when nothing is there. Absent when the upstream gives no such way.
   */
  find?: (since: number) => Promise<R | null>;
};

export type WriteOnce<R> = {
  run(context: Context, attempt: WriteAttempt<R>): Promise<WriteOutcome<R>>;
  /** What the attempt `key` created, when it is known to be done (undefined otherwise, or with the store down). */
  recall(key: string | undefined): Promise<R | undefined>;
};

type Context = Readonly<RouterContextProvider>;

type Entry<R> = { s: "sending"; at: number } | { s: "unsure"; at: number } | { s: "done"; r: R };

/** How often a submission waiting for another one (on another replica) looks at the store again. */
const POLL_MS = 100;

/**
 * A write's failure as its caller words it (a payment system's result, a refused code): `unsure` when the upstream
 * may nonetheless have made it. `create` throws it; `run` rethrows it.
 */
export class WriteFailure<F> extends Error {
  readonly failure: F;
  readonly unsure: boolean;
  constructor(failure: F, unsure: boolean) {
    super(unsure ? "write outcome unknown" : "write refused");
    this.failure = failure;
    this.unsure = unsure;
  }
}

/**
 * Whether a failed write may nonetheless have been made upstream: a timeout, no answer, a 5xx (but a 503, which says
 * it was not handled), an unreadable 2xx.
 */
export function isUnsureFailure(error: unknown): boolean {
  if (error instanceof WriteFailure) return error.unsure;
  return isUpstreamFailure(error) && error.data.status >= 500 && error.data.kind !== UPSTREAM_NOT_HANDLED;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One kind's attempts: its name (for the log) and its store. */
type Attempts<R> = { name: string; store: TransientStore<Entry<R>> };

/** Sends a claimed attempt and records its outcome: done, unsure (kept), or refused (forgotten, rethrown). */
async function send<R>(
  { name, store }: Attempts<R>,
  context: Context,
  attempt: WriteAttempt<R>,
  startedAt: number,
): Promise<WriteOutcome<R>> {
  const owner = storeOwner(context);
  let result: R;
  try {
    result = await attempt.create();
  } catch (error) {
    const forget = !isUnsureFailure(error);
    await (forget ? store.delete(attempt.key) : store.set(attempt.key, { s: "unsure", at: startedAt }, owner))
      .then(() => undefined)
      .catch((stored: unknown) =>
        getServices(context).log.warn({ err: stored, write: name }, "write attempt not recorded"),
      );
    if (!forget) getServices(context).log.warn({ write: name }, "write outcome unknown: kept as unsure");
    throw error;
  }
  const kept = await store.set(attempt.key, { s: "done", r: result }, owner).catch(() => null);
  if (!kept?.ok) getServices(context).log.warn({ write: name }, "write done but not remembered");
  return { status: "created", result };
}

/** An earlier attempt whose outcome is unknown (started at `since`): found again, sent again, or left alone. */
async function resolveUnsure<R>(
  attempts: Attempts<R>,
  context: Context,
  attempt: WriteAttempt<R>,
  since: number,
): Promise<WriteOutcome<R>> {
  const { name, store } = attempts;
  const { settleMs } = getServices(context).writes;
  if (!attempt.find) return { status: "unknown", since };
  if (Date.now() - since < settleMs) return { status: "pending" };
  // One request looks and resends per unsure attempt: the first to claim this lock (the others: pending).
  const owner = storeOwner(context);
  const lock = `${attempt.key}#${since}`;
  const claimed = await store.add(lock, { s: "sending", at: Date.now() }, owner).catch(() => null);
  if (!claimed?.ok) return { status: "pending" };
  let found: R | null;
  try {
    found = await attempt.find(since);
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    // The upstream cannot be read now: nothing is sent; the next retry looks again.
    await store.delete(lock).catch(() => {});
    return { status: "pending" };
  }
  if (found !== null) {
    await store.set(attempt.key, { s: "done", r: found }, owner).catch(() => null);
    getServices(context).log.info({ write: name }, "unsure write found upstream: not sent again");
    return { status: "replayed", result: found };
  }
  const startedAt = Date.now();
  const taken = await store.set(attempt.key, { s: "sending", at: startedAt }, owner).catch(() => null);
  if (!taken) return { status: "refused", refusal: { ok: false, refused: "unavailable" } };
  if (!taken.ok) return { status: "refused", refusal: taken };
  getServices(context).log.info({ write: name }, "unsure write not found upstream: sent again");
  return send(attempts, context, attempt, startedAt);
}

/**
 * Claims the attempt's key and sends it; a key already claimed answers what its write made, waits for it while it is
 * on its way (up to `waitMs`), or resolves it when its outcome is unknown.
 */
async function claimAndSend<R>(
  attempts: Attempts<R>,
  context: Context,
  attempt: WriteAttempt<R>,
): Promise<WriteOutcome<R>> {
  const { store } = attempts;
  const { waitMs } = getServices(context).writes;
  const owner = storeOwner(context);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const startedAt = Date.now();
    const claimed = await store.add(attempt.key, { s: "sending", at: startedAt }, owner);
    if (claimed.ok) return send(attempts, context, attempt, startedAt);
    if (claimed.refused !== "exists") return { status: "refused", refusal: claimed };
    let entry: Entry<R> | undefined;
    try {
      entry = await store.get(attempt.key);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      return { status: "refused", refusal: { ok: false, refused: "unavailable" } };
    }
    if (!entry) continue; // gone meanwhile (a refusal forgot it, or it expired): claim it again
    if (entry.s === "done") return { status: "replayed", result: entry.r };
    // Another submission is on its way (on another replica): wait for what it makes, up to `waitMs` (as long as its
    // call may last). One "sending" for twice that has lost its process: its outcome is unknown.
    if (entry.s === "sending" && Date.now() - entry.at < 2 * waitMs) {
      if (Date.now() >= deadline) return { status: "pending" };
      await sleep(POLL_MS);
      continue;
    }
    return resolveUnsure(attempts, context, attempt, entry.at);
  }
}

export function defineWriteOnce<R extends NonNullable<unknown>>(kind: WriteKindOptions<R>): WriteOnce<R> {
  const entrySchema = z.union([
    z.object({ s: z.literal("sending"), at: z.number() }),
    z.object({ s: z.literal("unsure"), at: z.number() }),
    z.object({ s: z.literal("done"), r: kind.schema }),
  ]) as z.ZodType<Entry<R>>;
  const store = createTransientStore<Entry<R>>({
    name: `write-${kind.name}`,
    schema: entrySchema,
    ttlMs: kind.ttlMs,
    maxEntries: kind.maxEntries,
    perClient: kind.perClient,
  });
  const attempts: Attempts<R> = { name: kind.name, store };
  /** The submissions on their way in this process: a second one with the same key shares the first's outcome. */
  const inFlight = new Map<string, Promise<WriteOutcome<R>>>();

  return {
    run(context, attempt) {
      const running = inFlight.get(attempt.key);
      if (running)
        return running.then((outcome) =>
          outcome.status === "created" ? { status: "replayed", result: outcome.result } : outcome,
        );
      const outcome = claimAndSend(attempts, context, attempt).finally(() => inFlight.delete(attempt.key));
      // Awaited by a second submission only: a failure is the first one's to answer, never unhandled.
      outcome.catch(() => {});
      inFlight.set(attempt.key, outcome);
      return outcome;
    },
    async recall(key) {
      if (!key) return undefined;
      const entry = await store.get(key).catch(() => undefined);
      return entry?.s === "done" ? entry.r : undefined;
    },
  };
}
