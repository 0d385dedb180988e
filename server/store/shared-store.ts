import { createClient, type RedisClientType } from "redis";
import {
  StoreUnavailableError,
  installRedisBackend,
  redisBackend,
  type RedisBackend,
} from "#shared/store-port.server.ts";

/**
 * Where the portal's shared short-lived state lives: in this process (the default: `npm start` and the demo need
 * nothing more) or in Valkey/Redis when `REDIS_URL` is set (every replica then sees the same entries, quotas,
 * rate limits and geocoder budget: docs/decisions/shared-store.md).
 *
 * One connection per process, opened by `useRedisStore` (createApp, from `REDIS_URL`) and installed in the store
 * port (shared/store-port.server.ts), through which the pages' stores reach it. It never crashes the
 * process: connection errors are logged and counted, commands fail fast while it is down (no offline queue, a short
 * timeout) with `StoreUnavailableError`, and the client reconnects by itself; `storeHealth()` tells /readyz.
 */

const COMMAND_TIMEOUT_MS = 1000;

/** How long each command took and how it ended (`portal_store_command_duration_seconds`). */
export type StoreObserver = (seconds: number, outcome: "ok" | "error" | "unavailable") => void;

/** The observer of this process's commands: createApp's metrics (the last app made, one per process outside tests). */
let observer: StoreObserver = () => {};

/**
 * Opens (once per process and URL) the connection every store uses from now on; `observe` (when given) is told of
 * every command from now on.
 */
export function useRedisStore(
  url: string,
  log: (message: string, error?: unknown) => void = () => {},
  observe?: StoreObserver,
): RedisBackend {
  if (observe) observer = observe;
  const current = redisBackend();
  if (current?.url === url) return current;
  if (current) void current.close();
  const backend = connect(url, log);
  installRedisBackend(backend);
  return backend;
}

/** For tests: back to the in-process stores. */
export async function useMemoryStore(): Promise<void> {
  const previous = redisBackend();
  installRedisBackend(undefined);
  await previous?.close();
}

/** /readyz: whether the shared store answers (always true in memory). */
export function storeHealth(): { ok: true } | { ok: false; reason: string } {
  return redisBackend()?.health() ?? { ok: true };
}

/** What the connection knows of itself: why it is not ready (null when it is), and whether the portal closed it. */
type ConnectionState = { lastError: string | null; closed: boolean };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The client and its reconnection: it keeps trying by itself, at most every 2 s, and its outages (an error, the
 * connection ending) are recorded in `state` and logged once per distinct reason, as is the way back.
 */
function openClient(
  url: string,
  state: ConnectionState,
  log: (message: string, error?: unknown) => void,
): RedisClientType {
  const client: RedisClientType = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: COMMAND_TIMEOUT_MS,
      // Keeps trying, at most every 2 s: the portal recovers by itself when Valkey is back.
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000),
    },
  });
  client.on("error", (error: unknown) => {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    if (state.lastError !== reason) log("shared store (Valkey) error", error);
    state.lastError = reason;
  });
  client.on("ready", () => {
    if (state.lastError) log("shared store (Valkey) connected");
    state.lastError = null;
  });
  client.on("end", () => {
    if (!state.closed) state.lastError = "connection closed";
  });
  return client;
}

/**
 * One command that fails fast while Valkey is down: it waits for the first connection at most the command timeout,
 * sends nothing offline, and turns a missing answer into `StoreUnavailableError` (Valkey's own errors go on as they
 * are).
 */
function commandRunner(client: RedisClientType, connecting: Promise<unknown>, state: ConnectionState) {
  return async function command<T>(args: readonly string[]): Promise<T> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    if (!client.isReady) {
      await Promise.race([connecting, new Promise((r) => setTimeout(r, COMMAND_TIMEOUT_MS).unref())]);
      if (!client.isReady) {
        observer(seconds(), "unavailable");
        throw new StoreUnavailableError(state.lastError ?? "not connected");
      }
    }
    try {
      const answer = (await client.sendCommand([...args], {
        abortSignal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
      })) as T;
      observer(seconds(), "ok");
      return answer;
    } catch (error) {
      if (
        error instanceof Error &&
        /NOSCRIPT|ERR|WRONGTYPE/.test(error.message) &&
        !/closed/i.test(error.message)
      ) {
        observer(seconds(), "error");
        throw error;
      }
      observer(seconds(), "unavailable");
      throw new StoreUnavailableError(reasonOf(error));
    }
  };
}

/** Lua scripts by their SHA (loaded on first use), sent whole again when Valkey restarted without its cache. */
function scriptRunner(command: RedisBackend["command"]): RedisBackend["script"] {
  const shas = new Map<string, string>();
  return async function script<T>(source: string, keys: readonly string[], args: readonly string[]) {
    let sha = shas.get(source);
    if (!sha) {
      sha = await command<string>(["SCRIPT", "LOAD", source]);
      shas.set(source, sha);
    }
    try {
      return await command<T>(["EVALSHA", sha, String(keys.length), ...keys, ...args]);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes("NOSCRIPT")) throw error;
      // Valkey restarted without its script cache.
      shas.delete(source);
      return await command<T>(["EVAL", source, String(keys.length), ...keys, ...args]);
    }
  };
}

function connect(url: string, log: (message: string, error?: unknown) => void): RedisBackend {
  const state: ConnectionState = { lastError: "connecting", closed: false };
  const client = openClient(url, state, log);
  const connecting = client.connect().catch((error: unknown) => {
    state.lastError = reasonOf(error);
  });
  const command = commandRunner(client, connecting, state);
  return {
    url,
    command,
    script: scriptRunner(command),
    health() {
      return client.isReady
        ? { ok: true }
        : { ok: false, reason: `shared store (Valkey): ${state.lastError ?? "not connected"}` };
    },
    async close() {
      state.closed = true;
      // A connection that never came up keeps retrying (its connect() never settles): destroyed, not waited for.
      if (client.isReady) await client.close().catch(() => {});
      else if (client.isOpen) client.destroy();
      await Promise.race([connecting, new Promise((r) => setTimeout(r, COMMAND_TIMEOUT_MS).unref())]);
    },
  };
}
