import type { ServerResponse } from "node:http";

/**
 * Aborts when the caller goes away before its answer is complete (the response closes unfinished). The request's
 * own `close` is no use here: Node emits it as soon as the request has been read, with the caller still waiting.
 */
export function disconnectSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const gone = () => {
    if (!res.writableFinished) controller.abort(new DOMException("the client went away", "AbortError"));
  };
  if (res.destroyed || res.socket?.destroyed) gone();
  else res.once("close", gone);
  return controller.signal;
}
