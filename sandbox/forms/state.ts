import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The forms module (Moon, upstream contract §9) as the sandbox plays it: the forms of each municipality, the
 * citizens' instances and the identity token. Shapes of the instances are the contract's `Istanza`; the owner and the
 * answers are the sandbox's own bookkeeping, never sent.
 */

export type MoonStatus = "BOZZA" | "INVIATA" | "IN_ISTRUTTORIA" | "APPROVATA" | "COMPLETATA";

export const STATUS_TEXT: Record<MoonStatus, string> = {
  BOZZA: "Bozza",
  INVIATA: "Inviata",
  IN_ISTRUTTORIA: "In istruttoria",
  APPROVATA: "Approvata",
  COMPLETATA: "Completata",
};

export type MoonForm = { codiceModulo: string; descrizioneModulo: string };

/** The forms the front office offers, by code (the MOON services of the seed name them in `moduloMoon`). */
export const MOON_FORMS: Record<string, MoonForm> = {
  CERT_ANAG: { codiceModulo: "CERT_ANAG", descrizioneModulo: "Richiesta di certificati anagrafici" },
  CAMBIO_RES: { codiceModulo: "CAMBIO_RES", descrizioneModulo: "Dichiarazione di cambio di residenza" },
  MENSA_SCOL: { codiceModulo: "MENSA_SCOL", descrizioneModulo: "Iscrizione alla mensa scolastica" },
  ASS_DOMIC: { codiceModulo: "ASS_DOMIC", descrizioneModulo: "Contributo per l'assistenza domiciliare" },
};

export type MoonInstance = {
  codiceIstanza: string;
  codiceModulo: string;
  created: string;
  stato: MoonStatus;
  /** Sandbox bookkeeping: the citizen who filled it and what they wrote. */
  owner: string;
  oggetto: string;
  note: string;
};

/** Instances per municipality id, newest last. */
export type MoonState = { instances: Record<string, MoonInstance[]>; next: number };

function instance(
  n: number,
  owner: string,
  codiceModulo: string,
  created: string,
  stato: MoonStatus,
  oggetto: string,
): MoonInstance {
  return {
    codiceIstanza: `MOON-2026-${String(n).padStart(6, "0")}`,
    codiceModulo,
    created,
    stato,
    owner,
    oggetto,
    note: "",
  };
}

/** Mario Rossi has a few instances in Valverde (comune-a), Giulia Bianchi one; the others none. */
export function seedMoon(): MoonState {
  return {
    instances: {
      "comune-a": [
        instance(
          1,
          "RSSMRA80A01H501U",
          "CERT_ANAG",
          "2026-01-12T09:30:00.000Z",
          "COMPLETATA",
          "Certificato di residenza",
        ),
        instance(
          2,
          "RSSMRA80A01H501U",
          "MENSA_SCOL",
          "2026-02-03T14:05:00.000Z",
          "IN_ISTRUTTORIA",
          "Iscrizione di Luca Rossi",
        ),
        instance(
          3,
          "RSSMRA80A01H501U",
          "CAMBIO_RES",
          "2026-03-21T11:00:00.000Z",
          "BOZZA",
          "Trasferimento in via Roma 5",
        ),
        instance(
          4,
          "BNCGLI85C55L219R",
          "CERT_ANAG",
          "2026-02-10T08:00:00.000Z",
          "INVIATA",
          "Certificato di stato di famiglia",
        ),
      ],
    },
    next: 5,
  };
}

export function newInstanceCode(state: MoonState): string {
  const n = state.next++;
  return `MOON-2026-${String(n).padStart(6, "0")}`;
}

// ---- The identity token (`moon-identita` → `Moon-Identita-JWT`): a signed JWT (HS256) bound to citizen and
// municipality, short-lived. The key is per process: a restarted sandbox refuses older tokens, as a rotated key would.

const KEY = randomBytes(32);
/** How long a token lives. */
export const MOON_TOKEN_TTL_SECONDS = 600;

const b64 = (value: Buffer | string) => Buffer.from(value).toString("base64url");

export function issueMoonToken(
  codFisc: string,
  tenantId: string,
  nowMs = Date.now(),
  ttl = MOON_TOKEN_TTL_SECONDS,
): string {
  const header = b64(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const iat = Math.floor(nowMs / 1000);
  const payload = b64(JSON.stringify({ sub: codFisc.toUpperCase(), ente: tenantId, iat, exp: iat + ttl }));
  const signature = createHmac("sha256", KEY).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

export type TokenCheck =
  { ok: true; codFisc: string } | { ok: false; reason: "invalid" | "expired" | "other-citizen" };

/** Checks a token against the municipality and (when known) the SSO citizen of the call. */
export function checkMoonToken(
  token: string | undefined,
  tenantId: string,
  ssoCodFisc: string | null,
  nowMs = Date.now(),
): TokenCheck {
  const parts = (token ?? "").split(".");
  if (parts.length !== 3) return { ok: false, reason: "invalid" };
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac("sha256", KEY).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "invalid" };
  let claims: { sub?: unknown; ente?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as typeof claims;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (typeof claims.sub !== "string" || claims.ente !== tenantId || typeof claims.exp !== "number")
    return { ok: false, reason: "invalid" };
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: "expired" };
  if (ssoCodFisc && ssoCodFisc.toUpperCase() !== claims.sub) return { ok: false, reason: "other-citizen" };
  return { ok: true, codFisc: claims.sub };
}

/** One citizen's instances back to the seed (`POST /__sandbox/citizens/:cf/reset`), the others' untouched. */
export function resetMoonCitizen(
  state: { moon: MoonState },
  seed: { moon: MoonState },
  codFisc: string,
): void {
  for (const tenantId of new Set([
    ...Object.keys(state.moon.instances),
    ...Object.keys(seed.moon.instances),
  ])) {
    const others = (state.moon.instances[tenantId] ?? []).filter((i) => i.owner !== codFisc);
    const seeded = (seed.moon.instances[tenantId] ?? [])
      .filter((i) => i.owner === codFisc)
      .map((i) => ({ ...i }));
    state.moon.instances[tenantId] = [...others, ...seeded];
  }
}
