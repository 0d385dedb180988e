import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/**
 * Contract fixtures (docs/decisions/upstream-fidelity.md): one JSON file per upstream answer, in the shape the
 * published Città Facile BFF answers it (its Java DTOs and the spec's examples as guides). The portal's upstream
 * calls must parse each (`server/upstream/contract.test.ts`, the file served over HTTP as the BFF would), and the
 * sandbox must answer each call in that shape (`sandbox/contract.test.ts`), so the two cannot drift apart.
 */
const AnswerSchema = z.object({
  status: z.number().int(),
  contentType: z.string(),
  /** A JSON answer. */
  body: z.unknown().optional(),
  /** A plain string sent raw (not JSON-quoted) under the JSON label. */
  text: z.string().optional(),
  /** `text` is an example: the sandbox's may differ, as long as it is raw text too. */
  exact: z.boolean().optional(),
});

const FixtureSchema = z.object({
  call: z.string(),
  /** Where in the published Java the answer comes from (what it does, in our words). */
  java: z.string(),
  /** The sandbox profiles that must answer it; default both. */
  profiles: z.array(z.enum(["spec", "published"])).default(["spec", "published"]),
  request: z.object({
    method: z.enum(["GET", "POST", "PUT", "DELETE"]),
    /** `{draftId}` is the draft the `draft` setup made. */
    path: z.string(),
    tenant: z.enum(["comune-a", "comune-b", "comune-c"]),
    citizen: z.string().optional(),
    /** `{otp}` / `{wrongOtp}`: the code the `otp` setup asked for, and one that is not it. */
    query: z.record(z.string(), z.string()).optional(),
    body: z.unknown().optional(),
    /** The municipality's maintenance credential: `true` the right one, `"wrong"` another. */
    maintenanceCredential: z.union([z.literal(true), z.literal("wrong")]).optional(),
    /** What the sandbox must hold first: an e-mail code asked for the citizen, a draft of theirs. */
    setup: z.enum(["otp", "draft"]).optional(),
    /** The answer is a redirect the portal follows (a CMS municipality's menu and services). */
    follow: z.boolean().optional(),
  }),
  response: AnswerSchema.extend({
    /** A redirect's target: `cms`, the municipality's CMS (another origin). */
    location: z.literal("cms").optional(),
    /** What the redirect's target answers. */
    followed: AnswerSchema.optional(),
  }),
  /** Fields of `body` the sandbox does not send, on purpose, and why (its README says so too). */
  sandboxOmits: z.record(z.string(), z.string()).default({}),
});
export type ContractFixture = z.infer<typeof FixtureSchema> & { name: string };

const DIR = join(import.meta.dirname, "fixtures");

/** Every fixture, by file name (without `.json`). */
export function contractFixtures(): ContractFixture[] {
  return readdirSync(DIR)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({
      ...FixtureSchema.parse(JSON.parse(readFileSync(join(DIR, file), "utf8"))),
      name: file.replace(/\.json$/, ""),
    }));
}

/** The answer a fixture ends in: the redirect's target when the call follows it. */
export function finalAnswer(fixture: ContractFixture): z.infer<typeof AnswerSchema> {
  return fixture.response.followed ?? fixture.response;
}

/** A timestamp as the BFF's Jackson writes one (`2026-11-29T10:15:30.123+00:00`). */
const JAVA_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;

const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/**
 * Where `actual` (the sandbox's answer) does not have the shape of `expected` (the fixture's): the same JSON type at
 * every path the fixture has, the Java's timestamp format where the fixture has one. A list's items are checked
 * against all the fixture's items together (a field null in one of them may be null; a field only some have is
 * optional); a fixture's `null` alone takes anything (the Java may send null there, the sandbox a value). Keys the
 * fixture lacks are the spec's extensions and allowed; `omits` are keys the sandbox leaves out on purpose.
 */
export function shapeMismatches(
  actual: unknown,
  expected: unknown,
  omits: Record<string, string> = {},
): string[] {
  return check(actual, [expected], omits, "$");
}

function check(actual: unknown, examples: unknown[], omits: Record<string, string>, path: string): string[] {
  const typed = examples.filter((e) => e !== null);
  if (typed.length === 0 || (actual === null && typed.length < examples.length)) return [];
  const same = typed.filter((e) => kind(e) === kind(actual));
  if (same.length === 0)
    return [`${path}: ${kind(actual)} where the BFF sends ${[...new Set(typed.map(kind))].join(" or ")}`];
  if (
    typeof actual === "string" &&
    same.every((e) => JAVA_TIMESTAMP.test(e as string)) &&
    !JAVA_TIMESTAMP.test(actual)
  )
    return [`${path}: "${actual}" is not a timestamp as the BFF's Java writes it`];
  if (Array.isArray(actual)) {
    const items = same.flatMap((e) => e as unknown[]);
    if (items.length === 0) return [];
    return actual.flatMap((value, i) => check(value, items, omits, `${path}[${i}]`));
  }
  if (typeof actual === "object" && actual !== null) {
    const objects = same as Array<Record<string, unknown>>;
    const have = actual as Record<string, unknown>;
    const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))];
    return keys.flatMap((key) => {
      const values = objects.filter((o) => key in o).map((o) => o[key]);
      if (!(key in have)) {
        const required = values.length === objects.length && !(key in omits);
        return required ? [`${path}.${key}: missing`] : [];
      }
      return check(have[key], values, omits, `${path}.${key}`);
    });
  }
  return [];
}
