import type { RouterContextProvider } from "react-router";
import { getServices } from "#client/lib/services.ts";

/** Per request (keyed by its services object, collected with it): the values only the document's render needs. */
const kept = new WeakMap<object, Map<string, unknown>>();
const NOTHING: ReadonlyMap<string, unknown> = new Map();

/**
 * For a `ServerIsland` (server-island.tsx): in a document request, keeps `value` for the server's render and returns
 * `null` for the loader data (the browser keeps the server's markup instead of hydrating it from the data); in a
 * client-side navigation's data request, returns `value`, which the island renders like any component.
 */
export function keepForDocument<T>(
  context: Readonly<RouterContextProvider>,
  name: string,
  value: T,
): T | null {
  const services = getServices(context);
  if (!services.documentRequest) return value;
  let values = kept.get(services);
  if (!values) kept.set(services, (values = new Map()));
  values.set(name, value);
  return null;
}

/** What the loaders of this request kept, for entry.server.tsx's `ServerIslandContext`. */
export function keptForDocument(requestServices: object): ReadonlyMap<string, unknown> {
  return kept.get(requestServices) ?? NOTHING;
}
