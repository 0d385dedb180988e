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

/** The path test of the server build's routes: whether the page's deepest route says it is public. */
export function publicPagesOf(routes: ServerBuild["routes"]): PublicPage {
  return leafModuleTest(routes, (module) => (module.handle as PageCacheHandle)?.pageCache === "public");
}

/**
 * Whether a path is a resource route's (a download, a form's endpoint without a page: no component of its own): a
 * refused form post to it gets the server's own error page, since no route renders one (server/app/pages.ts).
 */
export function resourceRoutesOf(routes: ServerBuild["routes"]): (path: string) => boolean {
  return leafModuleTest(routes, (module) => module.default === undefined);
}

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** A test of the module of the deepest route that matches a path, as React Router will match it (false: none). */
function leafModuleTest(
  routes: ServerBuild["routes"],
  test: (module: RouteModule) => boolean,
): (path: string) => boolean {
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
    const module = leaf?.route.id ? routes[leaf.route.id]?.module : undefined;
    return module ? test(module) : false;
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
  /** Whether a path is a resource route's (`resourceRoutesOf`). */
  resourceRoute?: (path: string) => boolean;
  /** The build's route table (tests list every route that has an action from it). */
  routes?: ServerBuild["routes"];
};
