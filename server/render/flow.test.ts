import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  defineFlow,
  clearEveryFlow,
  defineFlowCookie,
  ensureAttempt,
  isFromSummary,
  mergeHeaders,
  withoutAttempt,
} from "#client/lib/flow.server.ts";
import { createFlowJar, ownerOf } from "#tests/support/flow-cookies.ts";
import { CITIZENS } from "#tests/support/portal-requests.ts";

const { MARIO, GIULIA } = CITIZENS;

const createJar = () => createFlowJar(MARIO);

const StateSchema = z
  .object({
    v: z.literal(1),
    started: z.number(),
    place: z.string().optional(),
    day: z.string().optional(),
    name: z.string().optional(),
    attempt: z.string().optional(),
  })
  .strict();
type State = z.infer<typeof StateSchema>;

const STEPS = ["luogo", "data", "richiedente", "riepilogo"] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

const demo = defineFlow({
  cookie: "flowBooking",
  schema: StateSchema,
  steps: STEPS,
  isComplete: (step, state: State, loggedIn: boolean) =>
    step === "luogo"
      ? Boolean(state.place)
      : step === "data"
        ? Boolean(state.day)
        : loggedIn || Boolean(state.name),
  expiry: { startedAt: (state) => state.started, maxAgeMs: DAY_MS },
});

const fresh = (): State => ({ v: 1, started: Date.now() });
const complete = (): State => ({ ...fresh(), place: "11", day: "2026-12-01", name: "Laura" });

describe("defineFlow: which step may be shown", () => {
  test("a step whose predecessors are incomplete gives the first incomplete one (no skipping ahead)", () => {
    expect(demo.resolveStep("riepilogo", fresh(), false)).toBe("luogo");
    expect(demo.resolveStep("richiedente", { ...fresh(), place: "11" }, false)).toBe("data");
    expect(demo.resolveStep("data", { ...fresh(), place: "11" }, false)).toBe("data");
  });

  test("an earlier step stays reachable, and the context decides completeness", () => {
    expect(demo.resolveStep("luogo", complete(), false)).toBe("luogo");
    const noName = { ...complete(), name: undefined };
    expect(demo.firstIncomplete(noName, false)).toBe("richiedente");
    expect(demo.firstIncomplete(noName, true)).toBe("riepilogo");
  });

  test("a bare or unknown step shows the step reached, or the first with bareShows 'first'", () => {
    const halfway = { ...fresh(), place: "11" };
    expect(demo.resolveStep(null, halfway, false)).toBe("data");
    expect(demo.resolveStep("nope", halfway, false)).toBe("data");
    const first = defineFlow({ ...demoDefinition(), bareShows: "first" });
    expect(first.resolveStep(null, halfway, false)).toBe("luogo");
  });

  test("'Modifica' from the summary returns to the summary after saving; otherwise on to the next step", () => {
    expect(demo.nextStep("luogo", complete(), false, true)).toBe("riepilogo");
    expect(demo.nextStep("luogo", complete(), false, false)).toBe("data");
    // Coming from the summary but something is still missing: the steps go on in order.
    expect(demo.nextStep("luogo", { ...complete(), day: undefined }, false, true)).toBe("data");
    expect(demo.nextStep("riepilogo", complete(), false, false)).toBe("riepilogo");
  });

  test("a step's form opened from the summary says so with ritorno=riepilogo", () => {
    const form = new FormData();
    expect(isFromSummary(form)).toBe(false);
    form.set("ritorno", "riepilogo");
    expect(isFromSummary(form)).toBe(true);
  });
});

function demoDefinition() {
  return {
    cookie: "flowBooking" as const,
    schema: StateSchema,
    steps: STEPS,
    isComplete: (step: (typeof STEPS)[number], state: State, _loggedIn: boolean) =>
      step !== "luogo" || Boolean(state.place),
  };
}

describe("defineFlow: the sealed cookie", () => {
  test("saved and read back through the schema; the helpers return headers", () => {
    const jar = createJar();
    expect(demo.read(jar.services())).toEqual({ state: undefined, problem: null });
    const state = complete();
    const headers = demo.save(jar.services(), state);
    expect(headers).toBeInstanceOf(Headers);
    expect(headers.getSetCookie()).toHaveLength(1);
    expect(headers.getSetCookie()[0]).toMatch(/^flow_booking=.+HttpOnly/);
    jar.receive(headers);
    expect(demo.read(jar.services())).toEqual({ state, problem: null });
  });

  test("a tampered cookie is told apart, and never parsed", () => {
    const jar = createJar();
    jar.receive(demo.save(jar.services(), complete()));
    const sealed = jar.cookies["flow_booking"]!;
    jar.cookies["flow_booking"] = `${sealed.slice(0, -4)}AAAA`;
    expect(demo.read(jar.services())).toEqual({ state: undefined, problem: "tampered" });
    // Another flow's sealed state under this flow's name does not open either (sealed per flow name).
    const other = defineFlowCookie("flowDisruption", StateSchema);
    const otherJar = createJar();
    otherJar.receive(other.save(otherJar.services(), complete()));
    jar.cookies["flow_booking"] = otherJar.cookies["flow_disruption"];
    expect(demo.read(jar.services()).problem).toBe("tampered");
  });

  test("a state failing the schema is invalid", () => {
    const jar = createJar();
    jar.receive(
      defineFlowCookie("flowBooking", z.unknown()).save(jar.services(), { v: 2, started: Date.now() }),
    );
    expect(demo.read(jar.services())).toEqual({ state: undefined, problem: "invalid" });
  });

  test("expiry: a state older than the flow's maximum age, or from the future, is expired", () => {
    const jar = createJar();
    jar.receive(demo.save(jar.services(), { ...complete(), started: Date.now() - DAY_MS - 1000 }));
    expect(demo.read(jar.services())).toEqual({ state: undefined, problem: "expired" });
    jar.receive(demo.save(jar.services(), { ...complete(), started: Date.now() + 10 * 60 * 1000 }));
    expect(demo.read(jar.services()).problem).toBe("expired");
    jar.receive(demo.save(jar.services(), { ...complete(), started: Date.now() - DAY_MS + 60_000 }));
    expect(demo.read(jar.services()).problem).toBeNull();
  });

  test("cleared on completion: the headers remove the cookie and the flow reads as new", () => {
    const jar = createJar();
    jar.receive(demo.save(jar.services(), complete()));
    const cleared = demo.clear(jar.services());
    expect(cleared.getSetCookie()[0]).toMatch(/^flow_booking=;.*Max-Age=0/);
    jar.receive(cleared);
    expect(demo.read(jar.services())).toEqual({ state: undefined, problem: null });
  });

  test("a cookie kept with an expiry date carries it", () => {
    const jar = createJar();
    const until = new Date(Date.now() + DAY_MS);
    const line = demo.save(jar.services(), complete(), { expires: until }).getSetCookie()[0]!;
    expect(line).toContain(`Expires=${until.toUTCString()}`);
  });
});

describe("a flow belongs to who started it (issue #36)", () => {
  test("a citizen's flow read by another citizen, or by an anonymous visitor, is foreign: nothing of it shows", () => {
    const jar = createJar();
    jar.receive(demo.save(jar.services(ownerOf(MARIO)), complete()));
    expect(demo.read(jar.services(ownerOf(MARIO))).state).toBeDefined();
    expect(demo.read(jar.services(ownerOf(GIULIA)))).toEqual({ state: undefined, problem: "foreign" });
    expect(demo.read(jar.services(ownerOf(null)))).toEqual({ state: undefined, problem: "foreign" });
    // An omocodia variant of Mario's code is another person's.
    expect(demo.read(jar.services(ownerOf("RSSMRA80A01H50MM")))).toEqual({
      state: undefined,
      problem: "foreign",
    });
  });

  test("an anonymous flow is bound to its browser, and goes on after a login on that browser", () => {
    const jar = createJar();
    const headers = demo.save(jar.services(ownerOf(null)), complete());
    // The first anonymous flow gives the browser its id.
    expect(headers.getSetCookie()).toHaveLength(2);
    expect(headers.getSetCookie()[1]).toMatch(
      /^CITFAC_BROWSER=[\w-]{43}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    jar.receive(headers);
    expect(demo.read(jar.services(ownerOf(null))).state).toBeDefined();
    // The next save does not set the id again.
    expect(demo.save(jar.services(ownerOf(null)), complete()).getSetCookie()).toHaveLength(1);
    // Logged in on the same browser: the flow goes on, and is the citizen's once saved again.
    expect(demo.read(jar.services(ownerOf(MARIO))).state).toBeDefined();
    jar.receive(demo.save(jar.services(ownerOf(MARIO)), complete()));
    expect(demo.read(jar.services(ownerOf(null))).problem).toBe("foreign");
    // The flow cookie copied to another browser (another id, or none): foreign.
    const copy = createJar();
    copy.cookies["flow_booking"] = jar.cookies["flow_booking"];
    expect(demo.read(copy.services(ownerOf(GIULIA))).problem).toBe("foreign");
    const anonymous = createJar();
    anonymous.receive(demo.save(anonymous.services(ownerOf(null)), complete()));
    const elsewhere = createJar();
    elsewhere.cookies["flow_booking"] = anonymous.cookies["flow_booking"];
    expect(demo.read(elsewhere.services(ownerOf(null))).problem).toBe("foreign");
    expect(demo.read(elsewhere.services(ownerOf(MARIO))).problem).toBe("foreign");
  });

  test("a state saved before flows had owners is invalid; an owner the upstream could not tell throws its failure", () => {
    const jar = createJar();
    jar.cookies["flow_booking"] = createJar()
      .services()
      .write("booking", complete())[0]!
      .split(";")[0]!
      .split("=")[1];
    expect(demo.read(jar.services()).problem).toBe("invalid");
    jar.receive(demo.save(jar.services(), complete()));
    const failure = new Error("upstream down");
    expect(() => demo.read(jar.services({ kind: "unknown", failure }))).toThrow(failure);
    expect(() => demo.save(jar.services({ kind: "unknown", failure }), complete())).toThrow(failure);
    const { owner: _owner, ...ownerless } = jar.services();
    expect(() => demo.save(ownerless, complete())).toThrow(/flowOwnerMiddleware/);
  });

  test("clearEveryFlow clears every registered flow the browser carries", () => {
    const jar = createJar();
    jar.receive(demo.save(jar.services(), complete()));
    jar.receive(defineFlowCookie("flowDisruption", StateSchema).save(jar.services(), fresh()));
    jar.cookies["flow_gone-since"] = "x";
    const lines = clearEveryFlow(jar.services()).getSetCookie();
    expect(lines.map((l) => l.split("=")[0]).sort()).toEqual(["flow_booking", "flow_disruption"]);
    expect(lines.every((l) => /Max-Age=0/.test(l))).toBe(true);
  });
});

describe("the final submit's idempotency key", () => {
  test("created once when the summary shows, stable across a re-post, dropped when a step changes", () => {
    const jar = createJar();
    const first = ensureAttempt(complete());
    expect(first.created).toBe(true);
    expect(first.key).toMatch(/^[0-9a-f]{32}$/);
    jar.receive(demo.save(jar.services(), first.state));
    // The summary shown again, or its form posted twice: the same key, nothing to save.
    const again = ensureAttempt(demo.read(jar.services()).state!);
    expect(again).toMatchObject({ key: first.key, created: false });
    const repost = ensureAttempt(demo.read(jar.services()).state!);
    expect(repost.key).toBe(first.key);
    // A step saved again: a new attempt.
    const changed = withoutAttempt({ ...again.state, day: "2026-12-02" });
    expect(changed.attempt).toBeUndefined();
    expect(ensureAttempt(changed).key).not.toBe(first.key);
  });
});

describe("mergeHeaders", () => {
  test("keeps every Set-Cookie of every part", () => {
    const jar = createJar();
    const proof = defineFlowCookie("flowAppointmentAccess", z.object({ id: z.string() }));
    const merged = mergeHeaders(
      demo.clear(jar.services()),
      undefined,
      proof.save(jar.services(), { id: "1" }),
    );
    const lines = merged.getSetCookie();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^flow_booking=;/);
    expect(lines[1]).toMatch(/^flow_appt-access=/);
  });
});

describe("one registry entry per flow (shared/portal-cookies.ts)", () => {
  test("a flow names its entry's key: its cookie is the entry's name, with the entry's flags", () => {
    const headers = defineFlowCookie("flowDisruption", StateSchema).save(createJar().services(), fresh());
    expect(headers.getSetCookie()[0]).toMatch(/^flow_disruption=.+; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  test("a flow without an entry does not compile, and the cookies refuse its name at run time", () => {
    // @ts-expect-error: "flowNowhere" is no entry of PORTAL_COOKIES
    expect(() => defineFlowCookie("flowNowhere", StateSchema)).toThrow();
    expect(() => createJar().services().read("nowhere")).toThrow(/no valid entry/);
  });
});
