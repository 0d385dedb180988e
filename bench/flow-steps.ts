// The shared store's cost, per flow step (issue #26): `node bench/flow-steps.ts` (after `npm run build`), also a
// scenario of `npm run bench`. See bench/README.md, "Flow steps".
//
// One production portal in this process (createApp, as bench/run.ts), the sandbox in its own process, a real
// `redis-server` started here. A few connections, each a browser of its own (its own keep-alive socket, cookie jar
// and client address behind a trusted proxy), run the flows one after the other for the length of a run: booking,
// spontaneous payment notice (with its PDF), the logged-in PPAY online payment up to pagoPA's checkout, anonymous
// assistance request with an attachment and the e-mail code, the logged-in assistance draft with an attachment (saved,
// resumed from the personal area, sent), disruption report with a photo, profile wizard up to its code step. The same process switches its shared store
// between runs: memory, Valkey, memory, Valkey, … (`useMemoryStore` / `useRedisStore`), so both see the same load.
// Each request's time is measured from sending to the last byte of the answer; per step, p50 / p99 of each run, and
// min / median / max of those over the runs of each store.
import "./production-env.ts";
import { randomBytes } from "node:crypto";
import { request, Agent, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ChildProcess } from "node:child_process";
import { parseEnv } from "#config/env.ts";
import { createTenantHolder, loadTenantsFile } from "#config/tenants.ts";
import { createApp } from "#server/app.ts";
import { createLogger } from "#server/observability/logger.ts";
import { loadSsrHandler } from "#server/render/load-ssr-handler.ts";
import { closeGracefully, createHttpServer } from "#server/server.ts";
import { useMemoryStore, useRedisStore } from "#server/store/shared-store.ts";
import { addDaysToDay, todayInRome } from "#shared/dates.ts";
import { computeFiscalCodeCheckLetter } from "#shared/validation/fiscal-code.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { BROWSER, setting } from "./support.ts";
import { freePort, killChildren, startSandboxProcess, stop } from "./processes.ts";
import { startRedisServer } from "./replicas.ts";
import { DEMO_TENANTS } from "#tests/support/demo-tenants.ts";

const ROOT = resolve(import.meta.dirname, "..");
/** Seconds of each run (one store), the runs per store, the connections. */
const RUN_S = setting("BENCH_FLOW_S", 8, 2, 60);
const RUNS = setting("BENCH_FLOW_RUNS", 3, 1, 10);
/** At most four: each connection is one of the four seeded citizens (the wizard resets its citizen). */
const CONNECTIONS = setting("BENCH_FLOW_CONNECTIONS", 4, 1, 4);

export const A = {
  host: DEMO_TENANTS["comune-a"].portalHost,
  upstream: DEMO_TENANTS["comune-a"].upstreamHost,
};
export const B = {
  host: DEMO_TENANTS["comune-b"].portalHost,
  upstream: DEMO_TENANTS["comune-b"].upstreamHost,
};
const CITIZENS = ["RSSMRA80A01H501U", "BNCGLI85C55L219R", "VRDLCU90E10F205V", "SPSNNA75T48F839X"];
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const BOOKING = "/servizi/prenotazione-appuntamento";
const NOTICE = "/servizi/ppay/pagamento-spontaneo/avviso-pagamento";
const ONLINE = "/servizi/ppay/pagamento-spontaneo/online";
const ASSISTANCE = "/nuova-richiesta";
const REPORT = "/servizi/segnalazioni/nuova";
const WIZARD = "/area-personale/profilo-utente/componi";
const ANAGRAFE = { categoryId: "1", officeId: "11", reasonId: "1" };

type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  ms: number;
  commands?: number;
  trips?: number;
};
type File = { field: string; name: string; type: string; bytes: Buffer };
type StoreKind = "memory" | "valkey";

/** Times per step label, for the current run; unexpected answers counted apart (and not timed). */
export class Recorder {
  times = new Map<string, number[]>();
  /** Valkey round trips and commands per step (the counting pass: one browser alone). */
  commands = new Map<string, { trips: number; commands: number }>();
  unexpected = new Map<string, string[]>();
  record(label: string, ms: number) {
    let list = this.times.get(label);
    if (!list) this.times.set(label, (list = []));
    list.push(ms);
  }
  miss(label: string, what: string) {
    let list = this.unexpected.get(label);
    if (!list) this.unexpected.set(label, (list = []));
    if (list.length < 5) list.push(what);
    else list.push("");
  }
}

export class UnexpectedAnswer extends Error {}

/** One browser: a keep-alive socket of its own, its cookies (as Set-Cookie leaves them), its client address. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  readonly portal: string;
  /** The client address (X-Forwarded-For): a new visitor for every flow, as the per-client quotas expect. */
  client: string;
  /** The scheme the portal sees (X-Forwarded-Proto, and the Origin of form posts): http behind the bench's nginx. */
  scheme = "https";
  readonly recorder: () => Recorder;
  constructor(portal: string, client: string, recorder: () => Recorder) {
    this.portal = portal;
    this.client = client;
    this.recorder = recorder;
  }
  take(setCookies: string[] | undefined) {
    for (const line of setCookies ?? []) {
      const [pair] = line.split(";");
      const name = pair!.slice(0, pair!.indexOf("="));
      const value = pair!.slice(pair!.indexOf("=") + 1);
      if (/;\s*Max-Age=0(;|$)/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line) || value === "")
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  cookieHeader() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
  }
  /** When set (the counting pass), Valkey's count of processed commands, read before and after each request. */
  counter: (() => Promise<{ commands: number; trips: number }>) | undefined;
  async send(method: string, host: string, path: string, body?: { type: string; bytes: Buffer }) {
    if (!this.counter) return this.exchange(method, host, path, body);
    const before = await this.counter();
    const answer = await this.exchange(method, host, path, body);
    const after = await this.counter();
    // The first INFO counts itself once it is processed: what the request made Valkey do is the rest.
    return { ...answer, commands: after.commands - before.commands - 1, trips: after.trips - before.trips };
  }
  exchange(method: string, host: string, path: string, body?: { type: string; bytes: Buffer }) {
    const headers: Record<string, string> = {
      ...BROWSER,
      host,
      cookie: this.cookieHeader(),
      "x-forwarded-for": this.client,
      "x-forwarded-proto": this.scheme,
    };
    if (body) {
      headers["content-type"] = body.type;
      headers["content-length"] = String(body.bytes.length);
      headers.origin = `${this.scheme}://${host}`;
    }
    const started = performance.now();
    return new Promise<Answer>((done, fail) => {
      const req = request(`${this.portal}${path}`, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const ms = performance.now() - started;
          this.take(res.headers["set-cookie"]);
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms });
        });
        res.on("error", fail);
      });
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
      req.on("error", fail);
      req.end(body?.bytes);
    });
  }
  /** The masked XSRF token the last page carried in its forms. */
  xsrf = "";
  check(label: string, answer: Answer, expected: number, location?: RegExp) {
    const where = String(answer.headers.location ?? "");
    if (answer.status !== expected || (location && !location.test(where))) {
      const text = answer.body.toString("utf8");
      const error = /class="[^"]*invalid-feedback[^"]*"[^>]*>([^<]*)/.exec(text)?.[1] ?? text.slice(0, 120);
      this.recorder().miss(label, `${answer.status} ${where} ${error}`.trim());
      if (process.env.BENCH_FLOW_DEBUG) writeFileSync(process.env.BENCH_FLOW_DEBUG, text);
      throw new UnexpectedAnswer(label);
    }
    this.recorder().record(label, answer.ms);
    if (answer.commands !== undefined)
      this.recorder().commands.set(label, { commands: answer.commands, trips: answer.trips ?? 0 });
    return answer;
  }
  async page(label: string, host: string, path: string, expected = 200) {
    const answer = this.check(label, await this.send("GET", host, path), expected);
    const token = /name="_xsrf" value="([^"]+)"/.exec(answer.body.toString("utf8"))?.[1];
    if (token) this.xsrf = token;
    return answer;
  }
  async post(
    label: string,
    host: string,
    path: string,
    fields: Record<string, string>,
    expected: number,
    location?: RegExp,
    files: File[] = [],
  ) {
    const all: [string, string][] = [["_xsrf", this.xsrf], ...Object.entries(fields)];
    let body: { type: string; bytes: Buffer };
    if (files.length === 0) {
      body = {
        type: "application/x-www-form-urlencoded",
        bytes: Buffer.from(new URLSearchParams(all).toString()),
      };
    } else {
      const boundary = `----bench${randomBytes(8).toString("hex")}`;
      const parts: Buffer[] = [];
      for (const [name, value] of all)
        parts.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        );
      for (const file of files) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
              `Content-Type: ${file.type}\r\n\r\n`,
          ),
          file.bytes,
          Buffer.from("\r\n"),
        );
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      body = { type: `multipart/form-data; boundary=${boundary}`, bytes: Buffer.concat(parts) };
    }
    return this.check(label, await this.send("POST", host, path, body), expected, location);
  }
}

/** Valid fiscal codes of their own (an e-mail code holds its fiscal code for 5 minutes). */
let nextCf = Math.floor(Math.random() * 1000);
function freshCf(): string {
  const n = nextCf++;
  const months = "ABCDEHLMPRST";
  const first15 =
    `VRDLCU${String(n % 100).padStart(2, "0")}${months[Math.floor(n / 100) % 12]}` +
    `${String(1 + (Math.floor(n / 1200) % 28)).padStart(2, "0")}F205`;
  return first15 + computeFiscalCodeCheckLetter(first15);
}

export type Context = {
  sandbox: string;
  browser: Browser;
  citizen: string;
  session: { a: string };
  n: () => number;
};

async function newestCode(sandbox: string, to: string): Promise<string> {
  const res = await fetch(`${sandbox}/__sandbox/mailbox.json?to=${encodeURIComponent(to)}`);
  const messages = (await res.json()) as Array<{ body: string }>;
  const code = /\b(\d{5})\b/.exec(messages.at(0)?.body ?? "")?.[1];
  if (!code) throw new UnexpectedAnswer(`no code in the mailbox of ${to}`);
  return code;
}

/** A free slot at the office, some days ahead (each connection its own days, fewer clashes). */
async function freeSlot(sandbox: string, offset: number): Promise<{ day: string; time: string }> {
  for (let i = 0; i < 60; i++) {
    const day = addDaysToDay(todayInRome(), 1 + ((offset + i) % 60));
    const res = await fetch(
      `${sandbox}/api-public/appsched/services/${ANAGRAFE.officeId}/availabilities?date=${day}`,
      { headers: { "x-forwarded-host": A.upstream } },
    );
    const times = (await res.json()) as string[];
    const time = times[Math.floor(Math.random() * times.length)];
    if (time) return { day, time };
  }
  throw new Error("no free slot at the registry office within 60 days");
}

/** The flows, each a sequence of timed steps (label: what the answer is). */
export const FLOWS: Array<{ name: string; run: (c: Context) => Promise<void> }> = [
  {
    name: "booking",
    async run({ sandbox, browser: b, n }) {
      b.cookies.clear();
      const slot = await freeSlot(sandbox, n() * 7);
      const email = `bench.${randomBytes(4).toString("hex")}@example.it`;
      const step = (name: string, fields: Record<string, string>, label: string) =>
        b.post(label, A.host, `${BOOKING}?passo=${name}`, { intent: name, ...fields }, 303);
      await b.page("booking: GET step 1", A.host, `${BOOKING}?passo=luogo`);
      await step(
        "luogo",
        { categoria: ANAGRAFE.categoryId, ufficio: ANAGRAFE.officeId },
        "booking: POST luogo",
      );
      await step("data", { giorno: slot.day, orario: slot.time }, "booking: POST data");
      await step("dettagli", { motivo: ANAGRAFE.reasonId, dettagli: "Prova" }, "booking: POST dettagli");
      await step("richiedente", { nome: "Laura", cognome: "Conti", email }, "booking: POST richiedente");
      await b.page("booking: GET riepilogo", A.host, `${BOOKING}?passo=riepilogo`);
      const done = await b.post(
        "booking: POST conferma",
        A.host,
        `${BOOKING}?passo=riepilogo`,
        { intent: "riepilogo", privacy: "1" },
        302,
        /\/successo\/\d+$/,
      );
      await b.page("booking: GET successo", A.host, String(done.headers.location));
    },
  },
  {
    name: "notice",
    async run({ browser: b }) {
      b.cookies.clear();
      await b.page("payment: GET notice", A.host, `${NOTICE}?passo=privacy`);
      const steps: Array<[string, Record<string, string>]> = [
        ["privacy", { privacy: "1" }],
        ["tipologia", { typeCode: "MENSA", note: "" }],
        [
          "dati",
          {
            kind: "F",
            firstName: "Carla",
            lastName: "Neri",
            email: "carla.neri@example.it",
            emailRepeat: "carla.neri@example.it",
            taxCode: "BNCGLI85C55L219R",
          },
        ],
        ["importo", { amount: "12,50" }],
      ];
      for (const [intent, fields] of steps)
        await b.post(`payment: POST ${intent}`, A.host, NOTICE, { intent, ...fields }, 303);
      await b.page("payment: GET riepilogo", A.host, `${NOTICE}?passo=riepilogo`);
      await b.post(
        "payment: POST genera avviso",
        A.host,
        NOTICE,
        { intent: "paga" },
        303,
        /^\/avviso-pagamento\/esito$/,
      );
      await b.page("payment: GET esito", A.host, "/avviso-pagamento/esito");
      await b.page("payment: GET avviso.pdf", A.host, "/avviso-pagamento/esito/avviso.pdf");
    },
  },
  {
    name: "payment (logged in)",
    async run({ browser: b, session }) {
      b.cookies.clear();
      const [name, value] = session.a.split("=");
      b.cookies.set(name!, value!);
      // The payer is the identity; an e-mail other than the profile's (which a wizard run may have removed) is repeated.
      const email = `pagante.${randomBytes(4).toString("hex")}@example.it`;
      await b.page("payment (logged in): GET online", A.host, `${ONLINE}?passo=privacy`);
      const steps: Array<[string, Record<string, string>]> = [
        ["privacy", { privacy: "1" }],
        ["tipologia", { typeCode: "MENSA", note: "" }],
        ["dati", { email, emailRepeat: email }],
        ["importo", { amount: "7,30" }],
      ];
      for (const [intent, fields] of steps)
        await b.post(`payment (logged in): POST ${intent}`, A.host, ONLINE, { intent, ...fields }, 303);
      await b.page("payment (logged in): GET riepilogo", A.host, `${ONLINE}?passo=riepilogo`);
      // To pagoPA's checkout (the sandbox's stand-in): the attempt sent upstream with its idempotency key.
      await b.post("payment (logged in): POST paga", A.host, ONLINE, { intent: "paga" }, 303, /pagopa/);
    },
  },
  {
    name: "assistance draft",
    async run({ browser: b, session }) {
      b.cookies.clear();
      const [name, value] = session.a.split("=");
      b.cookies.set(name!, value!);
      const fields = { servizio: "2", tipologia: "201", email: "bozza@example.it", telefono: "3331234567" };
      await b.page("draft: GET form", A.host, `${ASSISTANCE}?servizio=2`);
      await b.post(
        "draft: POST salva + attachment",
        A.host,
        ASSISTANCE,
        { intent: "bozza", ...fields, dettagli: "Bozza del bench" },
        302,
        /feedbackType=partialTicket$/,
        [{ field: "allegato", name: "avviso.png", type: "image/png", bytes: PNG }],
      );
      // Resumed from the personal area (the newest of the citizen's drafts), its attachment kept upstream.
      const area = await b.page("draft: GET attività", A.host, "/area-personale/attivita");
      const ids = [...area.body.toString("utf8").matchAll(/idBozza=(\d+)/g)].map((m) => Number(m[1]));
      if (ids.length === 0) {
        b.recorder().miss("draft: GET ripresa", "no draft listed in the personal area");
        throw new UnexpectedAnswer("draft: GET ripresa");
      }
      const resumed = await b.page("draft: GET ripresa", A.host, `${ASSISTANCE}?idBozza=${Math.max(...ids)}`);
      const hidden = Object.fromEntries(
        [
          ...resumed.body
            .toString("utf8")
            .matchAll(
              /<input type="hidden" name="(allegatoRef|allegatoNome|idBozza|chiaveInvio)" value="([^"]*)"/g,
            ),
        ].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, "&")]),
      );
      await b.post(
        "draft: POST invia",
        A.host,
        ASSISTANCE,
        { intent: "invia", ...fields, ...hidden, dettagli: "Bozza del bench, inviata", privacy: "1" },
        302,
        /feedbackType=ticket$/,
      );
    },
  },
  {
    name: "assistance",
    async run({ sandbox, browser: b }) {
      b.cookies.clear();
      const email = `anon.${randomBytes(4).toString("hex")}@example.it`;
      await b.page("assistance: GET form", B.host, ASSISTANCE);
      await b.post(
        "assistance: POST invia + attachment",
        B.host,
        ASSISTANCE,
        {
          intent: "invia",
          nome: "Luca",
          cognome: "Verdi",
          codiceFiscale: freshCf(),
          email,
          telefono: "3331234567",
          servizio: "2",
          tipologia: "201",
          dettagli: "Richiesta del bench",
          privacy: "1",
        },
        302,
        /passo=verifica$/,
        [{ field: "allegato", name: "avviso.png", type: "image/png", bytes: PNG }],
      );
      await b.page("assistance: GET verifica", B.host, `${ASSISTANCE}?passo=verifica`);
      const asked = await b.post(
        "assistance: POST chiedi codice",
        B.host,
        `${ASSISTANCE}?passo=verifica`,
        { intent: "codice" },
        302,
      );
      await b.page("assistance: GET codice", B.host, String(asked.headers.location));
      const code = await newestCode(sandbox, email);
      await b.post(
        "assistance: POST codice → invio",
        B.host,
        `${ASSISTANCE}?passo=verifica`,
        { intent: "verifica", codice: code },
        302,
        /^\/feedback/,
      );
    },
  },
  {
    name: "disruption",
    async run({ browser: b, session }) {
      b.cookies.clear();
      const [name, value] = session.a.split("=");
      b.cookies.set(name!, value!);
      await b.page("report: GET form", A.host, `${REPORT}?passo=autorizzazioni`);
      await b.post(
        "report: POST autorizzazioni",
        A.host,
        `${REPORT}?passo=autorizzazioni`,
        { intent: "autorizzazioni", accetto: "on" },
        303,
      );
      await b.post(
        "report: POST dati + photo",
        A.host,
        `${REPORT}?passo=dati`,
        {
          intent: "dati",
          luogo: "Via Roma 12, Valverde",
          luogoScelto: "45.053;7.5215;Via Roma 12, Valverde",
          titolo: "Buca in strada",
          dettagli: "Profonda",
          categoria: "901",
          email: "bench@example.it",
        },
        303,
        undefined,
        [{ field: "allegati", name: "buca.png", type: "image/png", bytes: PNG }],
      );
      await b.page("report: GET riepilogo", A.host, `${REPORT}?passo=riepilogo`);
      await b.post("report: POST invia", A.host, `${REPORT}?passo=riepilogo`, { intent: "invia" }, 303);
    },
  },
  {
    name: "wizard",
    async run({ sandbox, browser: b, citizen, session }) {
      b.cookies.clear();
      const [name, value] = session.a.split("=");
      b.cookies.set(name!, value!);
      // A citizen without a profile again (untimed), so that the wizard starts over.
      await fetch(`${sandbox}/__sandbox/citizens/${citizen}/reset`, { method: "POST" });
      const email = `wizard.${randomBytes(4).toString("hex")}@example.it`;
      await b.page("wizard: GET informativa", A.host, `${WIZARD}?passo=informativa`);
      await b.post(
        "wizard: POST informativa",
        A.host,
        `${WIZARD}?passo=informativa`,
        { intent: "privacy", accept: "on" },
        303,
      );
      await b.post(
        "wizard: POST contatti → codice",
        A.host,
        `${WIZARD}?passo=contatti`,
        { intent: "contacts", email, emailRepeat: email, phone: "" },
        303,
        /passo=contatti$/,
      );
      await b.page("wizard: GET contatti", A.host, `${WIZARD}?passo=contatti`);
      const code = await newestCode(sandbox, email);
      await b.post(
        "wizard: POST codice",
        A.host,
        `${WIZARD}?passo=contatti`,
        { intent: "verify", code },
        303,
        /passo=preferenze$/,
      );
    },
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const mmm = (values: number[]) => {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return {
    min: s[0] ?? NaN,
    median: s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN,
    max: s.at(-1) ?? NaN,
  };
};

type RunResult = {
  store: StoreKind;
  seconds: number;
  flows: number;
  steps: Record<string, { count: number; p50: number; p99: number }>;
  unexpected: Record<string, { count: number; examples: string[] }>;
};
export type FlowStepsResult = {
  date: string;
  connections: number;
  runSeconds: number;
  runsPerStore: number;
  runs: RunResult[];
  steps: Array<{
    step: string;
    /**
     * What the step made Valkey do, one browser alone: the portal's round trips to it (a script is one), and the
     * commands Valkey processed (INFO's total_commands_processed before and after; those inside scripts included).
     */
    valkeyUse: { trips: number; commands: number } | null;
    memory: { p50: ReturnType<typeof mmm>; p99: ReturnType<typeof mmm>; count: number };
    valkey: { p50: ReturnType<typeof mmm>; p99: ReturnType<typeof mmm>; count: number };
  }>;
  unexpected: number;
};

/** The longest the scenario may take (the benches' watchdogs add it to their budget). */
export const FLOW_STEPS_BUDGET_S = 2 * RUNS * (RUN_S + 30) + 60;

/** Measures every flow step with both stores against the sandbox at `sandboxUrl`; starts its own portal and Valkey. */
export async function measureFlowSteps(sandboxUrl: string): Promise<FlowStepsResult> {
  const redisPort = Number(process.env.BENCH_REDIS_PORT) || (await freePort());
  const redis: ChildProcess = await startRedisServer(redisPort);
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  const env = parseEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    UPSTREAM_URL: sandboxUrl,
    PORTAL_SECRET: randomBytes(32).toString("hex"),
    SHED_LAG_MS: "0",
    // The bench's browsers are clients behind a trusted proxy (their own address each), as in production.
    TRUST_PROXY: "loopback",
    // The bench asks for many e-mail codes on purpose.
    OTP_SEND_PER_CLIENT: "1000000",
    OTP_SEND_PER_CONTACT: "1000000",
  });
  const logger = createLogger(env.LOG_LEVEL);
  const { app } = createApp({
    env,
    tenants: createTenantHolder(loadTenantsFile(join(ROOT, "config/tenants.json"))),
    upstreamUrl: sandboxUrl,
    geocoderUrl: `${sandboxUrl}/geocoder/`,
    sandbox: true,
    logger,
    ssrHandler: await loadSsrHandler(),
    secret: randomBytes(32).toString("hex"),
  });
  const server = createHttpServer(app, logger);
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(Number(process.env.BENCH_PORTAL_PORT) || 0, "127.0.0.1", done);
  });
  const portal = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let recorder = new Recorder();
  /** Clients come from 198.18.0.0/15, the benchmarking range. */
  let nextClient = 1;
  let flowsDone = 0;
  try {
    const contexts: Context[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const citizen = CITIZENS[i]!;
      const browser = new Browser(portal, `203.0.113.${20 + i}`, () => recorder);
      let iteration = 0;
      contexts.push({
        sandbox: sandboxUrl,
        browser,
        citizen,
        session: { a: await loginAs(sandboxUrl, citizen, A.upstream) },
        n: () => i * 1000 + iteration++,
      });
    }
    // Each connection starts with another flow and walks whole passes of every flow: time is looked at between
    // passes, so that every flow is measured in every run, however slow the machine (a 2-second run beside a busy
    // loop once ended before a connection's pass reached its last two flows, and they went unmeasured).
    const loop = async (c: Context, until: () => boolean) => {
      const first = contexts.indexOf(c);
      do {
        for (const flow of [...FLOWS.slice(first % FLOWS.length), ...FLOWS.slice(0, first % FLOWS.length)]) {
          const n = nextClient++;
          c.browser.client = `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
          try {
            await flow.run(c);
            flowsDone++;
          } catch (error) {
            if (!(error instanceof UnexpectedAnswer)) throw error;
          }
        }
      } while (!until());
    };
    // Warm-up (memory, discarded): every flow once per connection, so the SSR chunks and caches are warm.
    await useMemoryStore();
    await Promise.all(contexts.map((c) => loop(c, () => flowsDone >= FLOWS.length * CONNECTIONS)));
    const warmUnexpected = [...recorder.unexpected].map(([k, v]) => `${k}: ${v.filter(Boolean).join(" | ")}`);
    if (warmUnexpected.length) throw new Error(`the warm-up failed:\n${warmUnexpected.join("\n")}`);

    const runs: RunResult[] = [];
    for (let round = 0; round < RUNS; round++) {
      for (const store of ["memory", "valkey"] as const) {
        if (store === "valkey") useRedisStore(redisUrl);
        else await useMemoryStore();
        recorder = new Recorder();
        flowsDone = 0;
        const started = performance.now();
        const end = started + RUN_S * 1000;
        await Promise.all(contexts.map((c) => loop(c, () => performance.now() >= end)));
        const seconds = (performance.now() - started) / 1000;
        const steps: RunResult["steps"] = {};
        for (const [label, times] of recorder.times) {
          const sorted = [...times].sort((a, b) => a - b);
          steps[label] = {
            count: sorted.length,
            p50: Math.round(percentile(sorted, 50) * 10) / 10,
            p99: Math.round(percentile(sorted, 99) * 10) / 10,
          };
        }
        const unexpected: RunResult["unexpected"] = {};
        for (const [label, list] of recorder.unexpected)
          unexpected[label] = { count: list.length, examples: list.filter(Boolean) };
        runs.push({ store, seconds: Math.round(seconds * 10) / 10, flows: flowsDone, steps, unexpected });
        console.log(
          `  flow steps run ${round + 1} ${store}: ${flowsDone} flows in ${seconds.toFixed(1)} s` +
            (Object.keys(unexpected).length
              ? `, unexpected: ${Object.entries(unexpected)
                  .map(([k, v]) => `${k} ×${v.count} (${v.examples[0] ?? ""})`)
                  .join("; ")}`
              : ""),
        );
      }
    }
    // The counting pass: one browser alone, every flow once with Valkey, its commands per step.
    const backend = useRedisStore(redisUrl);
    recorder = new Recorder();
    const counted = contexts[0]!;
    // Round trips: the portal's calls of the backend (a script is one EVALSHA), counted by wrapping them.
    const trips = { n: 0 };
    const { command, script } = backend;
    backend.command = (args) => (trips.n++, command(args));
    backend.script = (source, keys, args) => (trips.n++, script(source, keys, args));
    counted.browser.counter = async () => ({
      // Commands: what Valkey processed, those inside scripts included.
      commands: Number(/total_commands_processed:(\d+)/.exec(await command<string>(["INFO", "stats"]))?.[1]),
      trips: trips.n,
    });
    try {
      for (const flow of FLOWS) await flow.run(counted);
    } finally {
      counted.browser.counter = undefined;
      Object.assign(backend, { command, script });
    }
    const commands = Object.fromEntries(recorder.commands);
    const order = ["booking", "payment", "assistance", "report", "wizard"];
    const firstSeen = Object.keys(commands);
    const rank = (label: string) =>
      order.indexOf(label.split(":")[0]!) * 1000 +
      (firstSeen.includes(label) ? firstSeen.indexOf(label) : 999);
    const labels = [...new Set(runs.flatMap((r) => Object.keys(r.steps)))].sort((a, b) => rank(a) - rank(b));
    const of = (store: StoreKind, label: string) => {
      const mine = runs.filter((r) => r.store === store).map((r) => r.steps[label]);
      const present = mine.filter((s) => s !== undefined);
      return {
        p50: mmm(present.map((s) => s.p50)),
        p99: mmm(present.map((s) => s.p99)),
        count: present.reduce((n, s) => n + s.count, 0),
      };
    };
    return {
      date: new Date().toISOString(),
      connections: CONNECTIONS,
      runSeconds: RUN_S,
      runsPerStore: RUNS,
      runs,
      steps: labels.map((step) => ({
        step,
        valkeyUse: commands[step] ?? null,
        memory: of("memory", step),
        valkey: of("valkey", step),
      })),
      unexpected: runs.reduce((n, r) => n + Object.values(r.unexpected).reduce((m, u) => m + u.count, 0), 0),
    };
  } finally {
    await useMemoryStore();
    await closeGracefully(server, 2000);
    await stop(redis);
  }
}

export function printFlowSteps(r: FlowStepsResult): string {
  const f = (v: { min: number; median: number; max: number }) =>
    `${v.min.toFixed(1)} / ${v.median.toFixed(1)} / ${v.max.toFixed(1)}`;
  const delta = (a: number, b: number) =>
    Number.isFinite(a) && Number.isFinite(b) ? `${(b - a).toFixed(1)}` : "n/a";
  return [
    `## Flow steps, memory store vs Valkey (${r.connections} connections, ${r.runsPerStore} × ${r.runSeconds} s per store, alternated)`,
    "",
    "ms, min / median / max over the runs of each store; Δ = Valkey − memory, medians.",
    "",
    "| step | Valkey round trips (commands) | requests (mem / Valkey) | memory p50 | Valkey p50 | Δ p50 | memory p99 | Valkey p99 | Δ p99 |",
    "| ---- | ----------------------------: | ----------------------: | ---------: | ---------: | ----: | ---------: | ---------: | ----: |",
    ...r.steps.map(
      (s) =>
        `| ${s.step} | ${s.valkeyUse ? `${s.valkeyUse.trips} (${s.valkeyUse.commands})` : "n/a"} | ${s.memory.count} / ${s.valkey.count} | ${f(s.memory.p50)} | ${f(s.valkey.p50)} | ${delta(s.memory.p50.median, s.valkey.p50.median)} | ${f(s.memory.p99)} | ${f(s.valkey.p99)} | ${delta(s.memory.p99.median, s.valkey.p99.median)} |`,
    ),
    "",
    `Unexpected answers (not timed): ${r.unexpected}.`,
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const watchdog = setTimeout(
    () => {
      console.error("flow steps: did not finish in time, giving up");
      killChildren();
      process.exit(2);
    },
    (FLOW_STEPS_BUDGET_S + 60) * 1000,
  );
  watchdog.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      killChildren();
      process.exit(130);
    });
  const sandbox = await startSandboxProcess(Number(process.env.BENCH_SANDBOX_PORT) || 0);
  try {
    const result = await measureFlowSteps(sandbox.url);
    console.log(`\n${printFlowSteps(result)}`);
    mkdirSync(join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(join(ROOT, "bench/results/flow-steps.json"), `${JSON.stringify(result, null, 2)}\n`);
  } catch (error) {
    console.error(`flow steps: failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exitCode = 1;
  } finally {
    await stop(sandbox.child);
    killChildren();
  }
  process.exit(process.exitCode ?? 0);
}
