import { redisBackend, isStoreUnavailable } from "#shared/store-port.server.ts";

export type QueueEvent = "queued" | "shed" | "dropped";

/** The queue (or the caller's share of it) is full: the caller should come back after `retryAfterS` seconds. */
export class QueueFullError extends Error {
  override name = "QueueFullError";
  readonly retryAfterS: number;
  constructor(retryAfterS: number) {
    super("queue full");
    this.retryAfterS = retryAfterS;
  }
}

export type FairQueueOptions = {
  /** Minimum time between the starts of two tasks (Nominatim: 1 request per second). */
  intervalMs: number;
  /** Tasks that may wait for their turn, all clients together. */
  maxQueued: number;
  /** Tasks that may wait for their turn for one client. */
  maxPerClient: number;
  now?: () => number;
  onEvent?: (event: QueueEvent) => void;
  /**
   * The turn shared with the other replicas (one budget for all: `sharedSlot`), asked before each start: the
   * milliseconds to wait, or 0 when the turn was taken. Without it, this process's own interval only.
   */
  slot?: () => Promise<number>;
};

/*
 * One "next allowed start" for every replica, taken atomically with the server's clock: whoever finds it passed
 * moves it `interval` ahead and goes; the others learn how long to wait.
 */
const SLOT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[2])
local next = tonumber(redis.call('GET', ARGV[1]) or '0')
if next > now then return next - now end
redis.call('SET', ARGV[1], now + interval, 'PX', interval * 10)
return 0
`;

/**
 * A shared turn in Valkey (when `REDIS_URL` is set) under `name`, at most one start per `intervalMs` across every
 * replica. Without Valkey, or while it does not answer, always 0: the local queue's interval still holds.
 */
export function sharedSlot(name: string, intervalMs: number): () => Promise<number> {
  return async () => {
    const backend = redisBackend();
    if (!backend) return 0;
    try {
      return Number(await backend.script(SLOT_SCRIPT, [], [`portal:slot:${name}`, String(intervalMs)]));
    } catch (error) {
      if (isStoreUnavailable(error)) return 0;
      throw error;
    }
  };
}

type Entry = { client: string; tag: number; arrival: number; start: () => Promise<void> };

function sleep(ms: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
  });
}

/** The waiting tasks and their rounds (start-time fair queuing's bookkeeping). */
class WaitingTasks {
  readonly entries: Entry[] = [];
  readonly perClient = new Map<string, number>();
  /** The round after each client's last task; forgotten once the served round has caught up with it. */
  readonly nextRound = new Map<string, number>();
  /** The round of the task served last. */
  round = 0;
  private arrivals = 0;

  /** A new task of `client`, in the round after its last one (never before the round served now). */
  enter(client: string, start: () => Promise<void>): Entry {
    const tag = Math.max(this.round, this.nextRound.get(client) ?? this.round);
    this.nextRound.set(client, tag + 1);
    const entry: Entry = { client, tag, arrival: this.arrivals++, start };
    this.entries.push(entry);
    this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1);
    return entry;
  }

  remove(entry: Entry): boolean {
    const index = this.entries.indexOf(entry);
    if (index === -1) return false;
    this.entries.splice(index, 1);
    const left = (this.perClient.get(entry.client) ?? 1) - 1;
    if (left > 0) this.perClient.set(entry.client, left);
    else this.perClient.delete(entry.client);
    return true;
  }

  /** A task that left: a client whose every waiting task left does not keep the rounds it had booked. */
  leave(entry: Entry): boolean {
    if (!this.remove(entry)) return false;
    const booked = this.nextRound.get(entry.client);
    if (!this.perClient.has(entry.client) && booked !== undefined && booked > this.round + 1)
      this.nextRound.set(entry.client, this.round + 1);
    return true;
  }

  /** The waiting task of the earliest round; within a round, the earliest arrival. */
  take(): Entry | undefined {
    let best: Entry | undefined;
    for (const entry of this.entries) {
      if (!best || entry.tag < best.tag || (entry.tag === best.tag && entry.arrival < best.arrival))
        best = entry;
    }
    if (!best) return undefined;
    this.remove(best);
    this.round = best.tag;
    for (const [client, next] of this.nextRound) if (next <= this.round) this.nextRound.delete(client);
    return best;
  }
}

/**
 * Runs tasks one at a time, starting them at least `intervalMs` apart, and shares the turns fairly between clients
 * (start-time fair queuing): each client's tasks are numbered in rounds, so a client arriving now is served before
 * the second task of a client already waiting, and one busy client cannot make everybody wait behind its whole
 * backlog. The queue is bounded overall and per client (`QueueFullError` beyond), and a waiting task whose `signal`
 * aborts (its caller went away) leaves the queue and never runs. With `slot`, the interval is one for every replica.
 */
export function createFairQueue(options: FairQueueOptions) {
  const now = options.now ?? Date.now;
  const waiting = new WaitingTasks();
  let nextSlot = -Infinity;
  let pumping = false;

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (waiting.entries.length > 0) {
        const wait = nextSlot - now();
        if (wait > 0) {
          await sleep(wait);
          continue; // the queue may have changed meanwhile: choose again
        }
        // The turn shared with the other replicas: this process's fair order decides who takes it.
        const shared = options.slot ? await options.slot().catch(() => 0) : 0;
        if (shared > 0) {
          await sleep(shared);
          continue;
        }
        if (waiting.entries.length === 0) break;
        const entry = waiting.take()!;
        nextSlot = now() + options.intervalMs;
        await entry.start();
      }
    } finally {
      pumping = false;
    }
  }

  function retryAfterS(): number {
    const drain = Math.max(0, nextSlot - now()) + waiting.entries.length * options.intervalMs;
    return Math.max(1, Math.ceil(drain / 1000));
  }

  function schedule<T>(client: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (
      waiting.entries.length >= options.maxQueued ||
      (waiting.perClient.get(client) ?? 0) >= options.maxPerClient
    ) {
      options.onEvent?.("shed");
      return Promise.reject(new QueueFullError(retryAfterS()));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        if (!waiting.leave(entry)) return;
        options.onEvent?.("dropped");
        reject(signal!.reason);
      };
      const entry = waiting.enter(client, async () => {
        signal?.removeEventListener("abort", onAbort);
        try {
          resolve(await task());
        } catch (error) {
          reject(error);
        }
      });
      signal?.addEventListener("abort", onAbort, { once: true });
      void pump();
      // still waiting after the pump had its chance: it could not start right away
      if (waiting.entries.includes(entry)) options.onEvent?.("queued");
    });
  }

  return {
    schedule,
    /** Tasks waiting for their turn (the running one excluded). */
    get size() {
      return waiting.entries.length;
    },
  };
}

export type FairQueue = ReturnType<typeof createFairQueue>;
