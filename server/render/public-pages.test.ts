import { describe, expect, test } from "vitest";
import type { ServerBuild } from "react-router";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { publicPagesOf, type PublicPage } from "./public-pages.ts";

// Which pages the anonymous page cache may keep: what the route modules of the production build declare
// (`handle.pageCache: "public"`), run after `npm run build` like the other tests of server/render/.
describe("the build's public pages", () => {
  let publicPage: PublicPage;
  test("the server build gives the page cache its routes' test", async () => {
    const handler = await loadSsrHandler();
    expect(handler.publicPage).toBeTypeOf("function");
    publicPage = handler.publicPage!;
  });

  // The pages cached before the route modules said so (the regexes of page-cache.ts), and no other.
  test.each([
    "/",
    "/faq",
    "/faq/",
    "/faq/12/dettagli",
    "/faq/12/dettagli/come-fare",
    "/servizi",
    "/servizi/42",
  ])("%s is public", (path) => expect(publicPage(path)).toBe(true));
  test.each([
    "/area-personale",
    "/area-personale/messaggi",
    "/area-personale/servizi",
    "/servizi/prenotazione-appuntamento",
    "/servizi/prenotazione-appuntamento-2",
    "/servizi/pagamento-esito",
    "/servizi/segnalazioni/nuova",
    "/servizi/pagamenti/42",
    "/servizi/appuntamento/modifica/7",
    "/servizi/modifica-appuntamento/abc",
    "/manutenzione",
    "/valutazione",
    "/logout",
    "/nuova-richiesta",
    "/non-esiste",
  ])("%s is not", (path) => expect(publicPage(path)).toBe(false));
});

describe("publicPagesOf", () => {
  const module = (handle?: unknown) => ({ default: () => null, handle }) as never;
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: module() },
    home: { id: "home", parentId: "root", index: true, module: module({ pageCache: "public" }) },
    list: { id: "list", parentId: "root", path: "elenco", module: module({ pageCache: "public" }) },
    item: { id: "item", parentId: "root", path: "elenco/:id", module: module({ title: "x" }) },
    fresh: { id: "fresh", parentId: "root", path: "nuova", module: module() },
    layout: { id: "layout", parentId: "root", path: "aree", module: module({ pageCache: "public" }) },
    inner: { id: "inner", parentId: "layout", path: ":id", module: module() },
  };
  const publicPage = publicPagesOf(routes);

  test("a page is public when its route module's handle says so", () => {
    expect(publicPage("/")).toBe(true);
    expect(publicPage("/elenco")).toBe(true);
  });

  test("a new route, or one with another handle, is not cached unless it says so", () => {
    expect(publicPage("/nuova")).toBe(false);
    expect(publicPage("/elenco/3")).toBe(false);
    expect(publicPage("/nessuna")).toBe(false);
  });

  test("the deepest matched route decides: a public layout does not make its pages public", () => {
    expect(publicPage("/aree/5")).toBe(false);
  });
});
