// An anonymous flood of the assistance request (issue #36): `npm run bench:flood` (= build + `node bench/flood.ts`).
// See bench/README.md, "Anonymous flood".
//
// The production portal as a child process (`node server/index.ts`, TRUST_PROXY=loopback, the in-process store), the
// sandbox in its own process. N sources each post M valid anonymous requests (`/nuova-richiesta`, "Invia", no code
// ever asked for) as fast as they are answered; then a NEW citizen, from an address of their own, sends a request of
// their own through its e-mail code, on the flooded municipality and on the other one. Two floods, each on a fresh
// portal: N IPv4 addresses (N clients), and N IPv6 addresses of one /64 (one client with many addresses).
// Reported: the flood's answers by status, what the new citizen got at each step, the time it took, and the load
// average of the machine before and after (a figure measured on a loaded machine says so).
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Browser, Recorder, UnexpectedAnswer } from "./flow-steps.ts";
import { killChildren, startPortalProcess, startSandboxProcess, stop } from "./processes.ts";
import { machineInfo, setting } from "./support.ts";
import { computeFiscalCodeCheckLetter } from "#shared/validation/fiscal-code.ts";
import { DEMO_TENANTS } from "#tests/support/demo-tenants.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SOURCES = setting("BENCH_FLOOD_SOURCES", 27, 1, 500);
const SUBMISSIONS = setting("BENCH_FLOOD_SUBMISSIONS", 21, 1, 200);
const A = DEMO_TENANTS["comune-a"].portalHost;
const B = DEMO_TENANTS["comune-b"].portalHost;
const FORM = "/nuova-richiesta";

type Kind = "ipv4" | "ipv6-one-64";
type Step = { step: string; status: number; location: string; message: string; ms: number };
type CitizenRun = { host: string; accepted: boolean; steps: Step[] };
type FloodResult = {
  kind: Kind;
  sources: number;
  submissionsPerSource: number;
  seconds: number;
  answers: Record<string, number>;
  citizens: CitizenRun[];
};

let cfSeq = Math.floor(Math.random() * 5000);
function freshCf(): string {
  const n = cfSeq++;
  const months = "ABCDEHLMPRST";
  const first15 =
    `BNCLRA${String(n % 100).padStart(2, "0")}${months[Math.floor(n / 100) % 12]}` +
    `${String(1 + (Math.floor(n / 1200) % 28)).padStart(2, "0")}L219`;
  return first15 + computeFiscalCodeCheckLetter(first15);
}

function requestFields(email: string): Record<string, string> {
  return {
    intent: "invia",
    nome: "Laura",
    cognome: "Bianchi",
    codiceFiscale: freshCf(),
    email,
    telefono: "3331234567",
    servizio: "2",
    tipologia: "201",
    dettagli: "Richiesta di prova del bench",
    privacy: "1",
  };
}

const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).map(Number);

function sourceAddress(kind: Kind, i: number): string {
  return kind === "ipv4"
    ? `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`
    : `2001:db8:36:1:${(i + 1).toString(16)}:${randomBytes(2).toString("hex")}::1`;
}

/** One source: the form once, then M submissions one after the other; the statuses it got. */
async function floodSource(portal: string, kind: Kind, i: number, answers: Map<string, number>) {
  const browser = new Browser(portal, sourceAddress(kind, i), () => new Recorder());
  const tally = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
  const form = await browser.exchange("GET", A, FORM);
  const token = /name="_xsrf" value="([^"]+)"/.exec(form.body.toString("utf8"))?.[1] ?? "";
  for (let m = 0; m < SUBMISSIONS; m++) {
    const fields = [["_xsrf", token], ...Object.entries(requestFields(`flood.${i}.${m}@example.it`))];
    const body = {
      type: "application/x-www-form-urlencoded",
      bytes: Buffer.from(new URLSearchParams(fields).toString()),
    };
    try {
      const answer = await browser.exchange("POST", A, FORM, body);
      const where = String(answer.headers.location ?? "");
      tally(
        answer.status === 302 && where.includes("passo=verifica") ? "302 code step" : String(answer.status),
      );
    } catch {
      tally("no answer");
    }
    // Each submission as a new visitor of the same source: a browser that drops its flow cookie.
    for (const name of [...browser.cookies.keys()])
      if (name.startsWith("flow_")) browser.cookies.delete(name);
  }
  browser.agent.destroy();
}

function messageOf(body: Buffer): string {
  const text = body.toString("utf8");
  return (/class="[^"]*invalid-feedback[^"]*"[^>]*>([^<]*)/.exec(text)?.[1] ?? "").trim();
}

/** A new citizen's anonymous request from an address of their own, through its e-mail code. */
async function newCitizen(
  portal: string,
  sandbox: string,
  host: string,
  address: string,
): Promise<CitizenRun> {
  const browser = new Browser(portal, address, () => new Recorder());
  const steps: Step[] = [];
  const email = `nuovo.${randomBytes(4).toString("hex")}@example.it`;
  const send = async (step: string, method: string, path: string, fields?: Record<string, string>) => {
    const started = performance.now();
    const body = fields
      ? {
          type: "application/x-www-form-urlencoded",
          bytes: Buffer.from(
            new URLSearchParams([["_xsrf", browser.xsrf], ...Object.entries(fields)]).toString(),
          ),
        }
      : undefined;
    const answer = await browser.exchange(method, host, path, body);
    const token = /name="_xsrf" value="([^"]+)"/.exec(answer.body.toString("utf8"))?.[1];
    if (token) browser.xsrf = token;
    const result = {
      step,
      status: answer.status,
      location: String(answer.headers.location ?? ""),
      message: answer.status >= 400 ? messageOf(answer.body) : "",
      ms: Math.round(performance.now() - started),
    };
    steps.push(result);
    return result;
  };
  let accepted = false;
  try {
    await send("GET form", "GET", FORM);
    const sent = await send("POST invia", "POST", FORM, requestFields(email));
    if (sent.status !== 302 || !sent.location.includes("passo=verifica")) throw new UnexpectedAnswer("invia");
    await send("GET code step", "GET", sent.location);
    const asked = await send("POST invia codice", "POST", `${FORM}?passo=verifica`, { intent: "codice" });
    if (asked.status !== 302) throw new UnexpectedAnswer("codice");
    await send("GET code step", "GET", asked.location);
    const mail = (await (
      await fetch(`${sandbox}/__sandbox/mailbox.json?to=${encodeURIComponent(email)}`)
    ).json()) as Array<{ body: string }>;
    const code = /\b(\d{5})\b/.exec(mail.at(0)?.body ?? "")?.[1] ?? "00000";
    const checked = await send("POST verifica", "POST", `${FORM}?passo=verifica`, {
      intent: "verifica",
      codice: code,
    });
    accepted = checked.status === 302 && checked.location.startsWith("/feedback");
  } catch (error) {
    if (!(error instanceof UnexpectedAnswer)) throw error;
  } finally {
    browser.agent.destroy();
  }
  return { host, accepted, steps };
}

async function flood(sandbox: string, kind: Kind): Promise<FloodResult> {
  const portal = await startPortalProcess(sandbox, { TRUST_PROXY: "loopback" });
  try {
    const answers = new Map<string, number>();
    const started = performance.now();
    await Promise.all(Array.from({ length: SOURCES }, (_, i) => floodSource(portal.url, kind, i, answers)));
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const citizens = [
      await newCitizen(portal.url, sandbox, A, "203.0.113.36"),
      await newCitizen(portal.url, sandbox, B, "203.0.113.37"),
    ];
    return {
      kind,
      sources: SOURCES,
      submissionsPerSource: SUBMISSIONS,
      seconds,
      answers: Object.fromEntries([...answers].sort()),
      citizens,
    };
  } finally {
    await stop(portal.child);
  }
}

function markdown(result: { date: string; load: Record<string, number[]>; floods: FloodResult[] }): string {
  const lines = [
    `# Anonymous flood (${result.date})`,
    "",
    `Load average (1/5/15 min): before ${result.load.before!.join(" / ")}, after ${result.load.after!.join(" / ")}`,
    "",
    "| flood | sources × submissions | seconds | the flood's answers | new citizen, flooded municipality | new citizen, other municipality |",
    "| --- | --- | --- | --- | --- | --- |",
  ];
  for (const f of result.floods) {
    const citizen = (c: CitizenRun) =>
      `${c.accepted ? "**sent**" : "**refused**"}: ${c.steps.map((s) => `${s.step} ${s.status}${s.message ? ` «${s.message}»` : ""}`).join(", ")}`;
    lines.push(
      `| ${f.kind} | ${f.sources} × ${f.submissionsPerSource} | ${f.seconds} | ${Object.entries(f.answers)
        .map(([k, v]) => `${k}: ${v}`)
        .join(", ")} | ${citizen(f.citizens[0]!)} | ${citizen(f.citizens[1]!)} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const watchdog = setTimeout(() => {
    console.error("flood: did not finish in 10 minutes, giving up");
    killChildren();
    process.exit(2);
  }, 600_000);
  watchdog.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      killChildren();
      process.exit(130);
    });
  const sandbox = await startSandboxProcess(Number(process.env.BENCH_SANDBOX_PORT) || 0);
  try {
    const before = loadAverage();
    const floods = [await flood(sandbox.url, "ipv4"), await flood(sandbox.url, "ipv6-one-64")];
    const result = {
      date: new Date().toISOString(),
      machine: machineInfo(),
      load: { before, after: loadAverage() },
      floods,
    };
    const text = markdown(result);
    console.log(`\n${text}`);
    mkdirSync(join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(join(ROOT, "bench/results/flood.json"), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(join(ROOT, "bench/results/flood.md"), text);
  } catch (error) {
    console.error(`flood: failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exitCode = 1;
  } finally {
    await stop(sandbox.child);
    killChildren();
  }
  process.exit(process.exitCode ?? 0);
}
