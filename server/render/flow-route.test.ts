import { describe, expect, test } from "vitest";
import { z } from "zod";
import { defineFlow } from "#client/lib/flow.server.ts";
import { defineFlowRoute, type FlowRoute } from "#client/lib/flow-route.server.ts";
import { createFlowJar, ownerOf } from "#tests/support/flow-cookies.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

/*
 * The step table (client/lib/flow-route.server.ts) on a small flow of its own: the page's step resolution and
 * starting over, the action's dispatch to the step's handler and `save`'s redirect, through sealed cookies.
 */

const StateSchema = z
  .object({
    v: z.literal(1),
    name: z.string().optional(),
    city: z.string().optional(),
    attempt: z.string().optional(),
  })
  .strict();
type State = z.infer<typeof StateSchema>;
type Step = "nome" | "citta" | "riepilogo";

const flow = defineFlow<State, Step>({
  cookie: "flowDelegheOnline",
  schema: StateSchema,
  steps: ["nome", "citta", "riepilogo"],
  isComplete: (step, state) => Boolean(step === "nome" ? state.name : state.city),
});
const route = defineFlowRoute(flow, { path: "/prova", start: (): State => ({ v: 1 }) });

/** What a handler answers in these tests: its step's name, or `save`'s redirect. */
type Answer = string | Response;
const page = (query: string) => new URL(`http://comune-a.localhost/prova${query}`);

/** What a loader or action threw: a redirect's status and address (and the headers it carries). */
function thrown(run: () => unknown) {
  try {
    run();
  } catch (answer) {
    if (answer instanceof Response)
      return { status: answer.status, location: answer.headers.get("Location"), headers: answer.headers };
    throw answer;
  }
  throw new Error("nothing was thrown");
}

function post(query: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return { request: new Request(page(query), { method: "POST" }), form };
}

/** The redirect a form at `query` was answered with, before any step's handler (each only names its step). */
async function actionRedirect(
  on: FlowRoute<State, Step>,
  jar: ReturnType<typeof createFlowJar>,
  query: string,
) {
  const answer = await on
    .action(jar.services(), post(query).request, {
      nome: () => "nome",
      citta: () => "citta",
      riepilogo: () => "riepilogo",
    })
    .catch((error: unknown) => error);
  if (!(answer instanceof Response))
    throw new Error(`no redirect: the handler of ${String(answer)} answered`);
  return { status: answer.status, location: answer.headers.get("Location") };
}

describe("defineFlowRoute: the step page", () => {
  test("no state: the first step with a fresh state, no cookie set; another step asked for goes to the first", () => {
    const jar = createFlowJar(CITIZENS.MARIO);
    const first = route.page(jar.services(), page("?passo=nome"));
    expect(first).toMatchObject({ step: "nome", state: { v: 1 }, startedOver: false, fromSummary: false });
    expect(first.headers).toBeUndefined();
    const skipped = thrown(() =>
      route.page(createFlowJar(CITIZENS.MARIO).services(), page("?passo=riepilogo")),
    );
    // No state was there: nothing to say about starting over.
    expect(skipped.location).toBe("/prova?passo=nome");
  });

  test("a state that cannot be trusted starts over at the first step, saying so", () => {
    const jar = createFlowJar(CITIZENS.MARIO);
    jar.receive(flow.save(jar.services(), { v: 1, name: "Mario" }));
    // The same cookie read by another citizen (a shared computer): foreign, never shown.
    const other = thrown(() => route.page(jar.services(ownerOf(CITIZENS.GIULIA)), page("?passo=citta")));
    expect(other.location).toBe("/prova?passo=nome&avviso=ricominciato");
    // ...and cleared from her browser.
    const giulias = createFlowJar(CITIZENS.GIULIA);
    giulias.receive(flow.save(giulias.services(), { v: 1, name: "Giulia" }));
    giulias.receive(other.headers);
    expect(flow.read(giulias.services())).toEqual({ state: undefined, problem: null });
    const shown = route.page(jar.services(), page("?passo=nome&avviso=ricominciato"));
    expect(shown).toMatchObject({ step: "nome", state: { name: "Mario" }, startedOver: true });
  });

  test("no skipping ahead; the summary gives the final submit its attempt key, kept while nothing changes", () => {
    const jar = createFlowJar(CITIZENS.MARIO);
    jar.receive(flow.save(jar.services(), { v: 1, name: "Mario" }));
    expect(thrown(() => route.page(jar.services(), page("?passo=riepilogo"))).location).toBe(
      "/prova?passo=citta",
    );
    jar.receive(flow.save(jar.services(), { v: 1, name: "Mario", city: "Torino" }));
    const summary = route.page(jar.services(), page("?passo=riepilogo&da=riepilogo"));
    expect(summary.step).toBe("riepilogo");
    expect(summary.fromSummary).toBe(true);
    expect(summary.state.attempt).toMatch(/^[0-9a-f]{32}$/);
    jar.receive(summary.headers!);
    expect(route.page(jar.services(), page("?passo=riepilogo")).state.attempt).toBe(summary.state.attempt);
  });

  test("a flow without a summary key: its summary saves nothing", () => {
    const keyless = defineFlowRoute(flow, {
      path: "/prova",
      start: (): State => ({ v: 1 }),
      summaryKey: false,
    });
    const jar = createFlowJar(CITIZENS.MARIO);
    jar.receive(flow.save(jar.services(), { v: 1, name: "Mario", city: "Torino" }));
    const summary = keyless.page(jar.services(), page("?passo=riepilogo"));
    expect(summary).toMatchObject({ step: "riepilogo", state: { v: 1, name: "Mario", city: "Torino" } });
    expect(summary.state.attempt).toBeUndefined();
    expect(summary.headers).toBeUndefined();
  });
});

describe("defineFlowRoute: a flow with a context, more query and a bare address that shows", () => {
  // The booking's shape: whether the city step is done depends on the context (logged in or not).
  const withContext = defineFlow<State, Step, boolean>({
    cookie: "flowDelegheOnline",
    schema: StateSchema,
    steps: ["nome", "citta", "riepilogo"],
    isComplete: (step, state, loggedIn) =>
      step === "nome" ? Boolean(state.name) : loggedIn || Boolean(state.city),
  });
  const routeFor = (loggedIn: boolean) =>
    defineFlowRoute(withContext, {
      path: "/prova",
      query: { servizio: "7" },
      start: (): State => ({ v: 1 }),
      context: loggedIn,
      bare: "show",
    });

  test("the bare address shows the step reached, without a redirect; every address carries the query", () => {
    const jar = createFlowJar(CITIZENS.MARIO);
    expect(routeFor(false).page(jar.services(), page(""))).toMatchObject({
      step: "nome",
      startedOver: false,
    });
    jar.receive(withContext.save(jar.services(), { v: 1, name: "Mario" }));
    expect(routeFor(false).page(jar.services(), page("")).step).toBe("citta");
    expect(routeFor(false).href("citta")).toBe("/prova?servizio=7&passo=citta");
    // A step asked for out of order still redirects.
    expect(thrown(() => routeFor(false).page(jar.services(), page("?passo=riepilogo"))).location).toBe(
      "/prova?servizio=7&passo=citta",
    );
  });

  test("the context decides what is complete: logged in, the city is not asked", async () => {
    const jar = createFlowJar(CITIZENS.MARIO);
    jar.receive(withContext.save(jar.services(), { v: 1 }));
    const answer = await routeFor(true).action(jar.services(), post("?servizio=7&passo=nome").request, {
      nome: ({ state, save }) => save({ ...state, name: "Mario" }, new FormData()),
      citta: () => new Response(null, { status: 500 }),
      riepilogo: () => new Response(null, { status: 500 }),
    });
    expect(answer.headers.get("Location")).toBe("/prova?servizio=7&passo=citta");
    jar.receive(answer.headers);
    expect(routeFor(true).page(jar.services(), page("?servizio=7&passo=riepilogo")).step).toBe("riepilogo");
  });
});

describe("defineFlowRoute: the step table", () => {
  test("no state: the form starts over at the first step, saying so", async () => {
    expect(await actionRedirect(route, createFlowJar(CITIZENS.MARIO), "?passo=citta")).toEqual({
      status: 303,
      location: "/prova?passo=nome&avviso=ricominciato",
    });
  });

  test("no state: the first step's form starts a new one, what was typed saved", async () => {
    const jar = createFlowJar(CITIZENS.MARIO);
    const answer = await route.action(jar.services(), post("?passo=nome").request, {
      nome: ({ state, save }) => save({ ...state, name: "Mario" }, new FormData()),
      citta: () => new Response(null, { status: 500 }),
      riepilogo: () => new Response(null, { status: 500 }),
    });
    expect(answer.headers.get("Location")).toBe("/prova?passo=citta");
    jar.receive(answer.headers);
    expect(flow.read(jar.services()).state).toEqual({ v: 1, name: "Mario" });
  });

  test("stay saves the state and shows the same step again, with its query", async () => {
    const jar = createFlowJar(CITIZENS.MARIO);
    jar.receive(flow.save(jar.services(), { v: 1, name: "Mario" }));
    const answer = await route.action(jar.services(), post("?passo=citta").request, {
      nome: () => new Response(null, { status: 500 }),
      citta: ({ state, stay }) => stay({ ...state, city: "Tor" }, { nuovo: 1 }),
      riepilogo: () => new Response(null, { status: 500 }),
    });
    expect(answer.headers.get("Location")).toBe("/prova?passo=citta&nuovo=1");
    jar.receive(answer.headers);
    expect(flow.read(jar.services()).state).toEqual({ v: 1, name: "Mario", city: "Tor" });
  });

  test("the handler of the step reached runs; save stores the state without its key and goes on", async () => {
    const jar = createFlowJar(CITIZENS.MARIO);
    jar.receive(flow.save(jar.services(), { v: 1, name: "Mario", attempt: "a".repeat(32) }));
    const handled: string[] = [];
    // Asked for the summary, but the city is missing: the city's handler answers.
    const answer = await route.action<Answer>(jar.services(), post("?passo=riepilogo").request, {
      nome: () => "nome",
      citta: ({ state, save }) => {
        handled.push(`citta of ${state.name}`);
        return save({ ...state, city: "Torino" }, new FormData());
      },
      riepilogo: () => "riepilogo",
    });
    expect(handled).toEqual(["citta of Mario"]);
    expect(answer).toBeInstanceOf(Response);
    const saved = answer as Response;
    expect(saved.headers.get("Location")).toMatch(/^\/prova\?passo=riepilogo&versione=[\w-]{16}$/);
    jar.receive(saved.headers);
    expect(flow.read(jar.services()).state).toEqual({ v: 1, name: "Mario", city: "Torino" });
  });

  test("a summary changed in another tab since it was shown is not confirmed: it shows again, saying so", async () => {
    const jar = createFlowJar(CITIZENS.MARIO);
    jar.receive(flow.save(jar.services(), { v: 1, name: "Mario" }));
    const city = (name: string) =>
      route.action(jar.services(), post("?passo=citta").request, {
        nome: () => new Response(null, { status: 500 }),
        citta: ({ state, save }) => save({ ...state, city: name }, new FormData()),
        riepilogo: () => new Response(null, { status: 500 }),
      });
    // The city's form leads to the summary's address naming what it shows (Torino).
    const toSummary = await city("Torino");
    jar.receive(toSummary.headers);
    const shown = new URL(toSummary.headers.get("Location")!, "http://comune-a.localhost");
    expect(shown.searchParams.get("versione")).toMatch(/^[\w-]{16}$/);
    jar.receive(route.page(jar.services(), shown).headers!);
    // Another tab changes the city.
    jar.receive((await city("Milano")).headers);
    const confirmed: string[] = [];
    const confirm = (at: URL) =>
      route
        .action<Answer>(jar.services(), post(at.search).request, {
          nome: () => "nome",
          citta: () => "citta",
          riepilogo: ({ state }) => {
            confirmed.push(state.city!);
            return "riepilogo";
          },
        })
        .catch((answer: unknown) => answer);
    // The first tab confirms what it shows (Torino): not sent; the summary of Milano, with the notice.
    const refused = (await confirm(shown)) as Response;
    expect(refused.status).toBe(303);
    const again = new URL(refused.headers.get("Location")!, "http://comune-a.localhost");
    expect(again.searchParams.get("avviso")).toBe("riepilogo-cambiato");
    expect(again.searchParams.get("versione")).not.toBe(shown.searchParams.get("versione"));
    expect(confirmed).toEqual([]);
    // Shown again, then confirmed: Milano is sent. (A summary reached by an address without the digest, a link,
    // confirms without the check.)
    expect(route.page(jar.services(), again).step).toBe("riepilogo");
    expect(await confirm(again)).toBe("riepilogo");
    expect(confirmed).toEqual(["Milano"]);
    expect(await confirm(page("?passo=riepilogo"))).toBe("riepilogo");
  });

  test("the summary's digest is of the state as it reads back: a key its schema drops does not make it 'changed'", async () => {
    // A schema that drops unknown keys (zod's default), and a step that saves one more: the summary reads it back
    // without it, and its confirmation compares with that.
    const lenient = defineFlow<State, Step>({
      cookie: "flowDelegheOnline",
      schema: StateSchema.strip(),
      steps: ["nome", "citta", "riepilogo"],
      isComplete: (step, state) => Boolean(step === "nome" ? state.name : state.city),
    });
    const on = defineFlowRoute(lenient, { path: "/prova", start: (): State => ({ v: 1 }) });
    const jar = createFlowJar(CITIZENS.MARIO);
    jar.receive(lenient.save(jar.services(), { v: 1, name: "Mario" }));
    const toSummary = await on.action(jar.services(), post("?passo=citta").request, {
      nome: () => new Response(null, { status: 500 }),
      citta: ({ state, save }) => save({ ...state, city: "Torino", scratch: "x" } as State, new FormData()),
      riepilogo: () => new Response(null, { status: 500 }),
    });
    jar.receive(toSummary.headers);
    const shown = new URL(toSummary.headers.get("Location")!, "http://comune-a.localhost");
    const answer = await on
      .action<Answer>(jar.services(), post(shown.search).request, {
        nome: () => "nome",
        citta: () => "citta",
        riepilogo: () => "riepilogo",
      })
      .catch((thrown: unknown) => thrown);
    expect(answer).toBe("riepilogo");
  });

  test("a state kept for its outcome: a form goes to the outcome, a page starts anew without a notice", async () => {
    const sent = defineFlowRoute(flow, {
      path: "/prova",
      start: (): State => ({ v: 1 }),
      over: { when: (state) => state.city === "inviata", outcome: "/prova/esito" },
    });
    const jar = createFlowJar(CITIZENS.MARIO);
    jar.receive(flow.save(jar.services(), { v: 1, name: "Mario", city: "inviata" }));
    expect(await actionRedirect(sent, jar, "?passo=riepilogo")).toEqual({
      status: 303,
      location: "/prova/esito",
    });
    const fresh = thrown(() => sent.page(jar.services(), page("?passo=riepilogo")));
    expect(fresh.location).toBe("/prova?passo=nome");
    // The state that was over is cleared; the first step's form saves the new one.
    jar.receive(fresh.headers);
    expect(flow.read(jar.services())).toEqual({ state: undefined, problem: null });
  });

  test("another route's state (the edit of another appointment) is as none: no notice, and not shown", async () => {
    const mine = defineFlowRoute(flow, {
      path: "/prova",
      start: (): State => ({ v: 1, name: "Nuovo" }),
      belongs: (state) => state.name !== "Altro",
    });
    const jar = createFlowJar(CITIZENS.MARIO);
    jar.receive(flow.save(jar.services(), { v: 1, name: "Altro", city: "Torino" }));
    expect(mine.page(jar.services(), page("?passo=nome"))).toMatchObject({
      step: "nome",
      state: { v: 1, name: "Nuovo" },
      startedOver: false,
    });
    expect((await actionRedirect(mine, jar, "?passo=riepilogo")).location).toBe(
      "/prova?passo=nome&avviso=ricominciato",
    );
  });

  test("a form from the summary's 'Modifica' goes back to the summary", async () => {
    const jar = createFlowJar(CITIZENS.MARIO);
    jar.receive(flow.save(jar.services(), { v: 1, name: "Mario", city: "Torino" }));
    const form = new FormData();
    form.set("ritorno", "riepilogo");
    const answer = await route.action(jar.services(), post("?passo=nome").request, {
      nome: ({ state, save }) => save({ ...state, name: "Maria" }, form),
      citta: () => new Response(null, { status: 500 }),
      riepilogo: () => new Response(null, { status: 500 }),
    });
    expect(answer.headers.get("Location")).toMatch(/^\/prova\?passo=riepilogo&versione=[\w-]{16}$/);
  });
});
