import { matchRoutes, type ServerBuild } from "react-router";
import type { RequestHandler } from "express";

/**
 * Which pages the anonymous page cache may keep (docs/decisions/page-cache.md): a route module says so itself, with
 * `pageCache: "public"` in its `handle` (the home page, the FAQ, the services catalogue, a service page). The cache
 * reads it from the routes of the server build that matches the path, as React Router will: the deepest matched route
 * decides, so a flow or an outcome under `/servizi/…` (a route of its own) is never cached, and a new route is not
 * cached unless its module says so.
 */
export type PublicPage = (path: string) => boolean;

/** What a route module's handle says to the page cache (client/lib/titles.ts: `RouteHandle.pageCache`). */
type PageCacheHandle = { pageCache?: unknown } | undefined;

type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] };

/** The path test of the server build's routes. */
export function publicPagesOf(routes: ServerBuild["routes"]): PublicPage {
  const nodes = new Map<string, Node>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: [],
    });
  }
  const top: Node[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId === undefined ? undefined : nodes.get(route.parentId);
    (parent ? parent.children : top).push(node);
  }
  // `matchRoutes` wants an index route without children.
  const tree = top.map(function shape(node): Parameters<typeof matchRoutes>[0][number] {
    return node.index
      ? { id: node.id, path: node.path, index: true, caseSensitive: node.caseSensitive }
      : {
          id: node.id,
          path: node.path,
          caseSensitive: node.caseSensitive,
          children: node.children.map(shape),
        };
  });
  const decide = (path: string) => {
    const leaf = matchRoutes(tree, path)?.at(-1);
    if (!leaf?.route.id) return false;
    return (routes[leaf.route.id]?.module.handle as PageCacheHandle)?.pageCache === "public";
  };
  // `matchRoutes` flattens and ranks the whole route table on every call (~100 µs): each path is decided once and
  // remembered (a bounded table, emptied when full, so that a flood of made-up paths costs what it cost before).
  const decided = new Map<string, boolean>();
  return (path) => {
    let verdict = decided.get(path);
    if (verdict === undefined) {
      verdict = decide(path);
      if (decided.size >= DECIDED_PATHS) decided.clear();
      decided.set(path, verdict);
    }
    return verdict;
  };
}

/** How many paths' decisions are remembered. */
const DECIDED_PATHS = 4096;

/** React Router's request handler, with the page cache's path test of its build (ssr-app.ts). */
export type SsrHandler = RequestHandler & {
  publicPage?: PublicPage;
  /** The build's route table (tests list every route that has an action from it). */
  routes?: ServerBuild["routes"];
};
