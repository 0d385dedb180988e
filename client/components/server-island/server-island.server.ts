import type { RouterContextProvider } from "react-router";
import { getServices } from "#client/lib/services.ts";
import type { IslandDocument } from "./server-island.tsx";
import { freshIslandMarkup, islandMarkup } from "./island-markup.server.tsx";

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

/**
 * For entry.server.tsx's `ServerIslandContext`: what the loaders of this request kept, and each kept value's markup
 * (rendered once per value and language: island-markup.server.tsx).
 */
export function documentIslands(requestServices: object): IslandDocument {
  // In development an edited component must show at once: its markup is rendered every time.
  return islandDocument(kept.get(requestServices) ?? NOTHING, !import.meta.env.DEV);
}

/** The islands of a document whose loaders kept `values` (tests build one from their own values). */
export function islandDocument(values: ReadonlyMap<string, unknown>, reuse = true): IslandDocument {
  return { kept: values, markup: reuse ? islandMarkup : freshIslandMarkup };
}
