// Delegations made straight on the sandbox, for the tests that need a list with something in it.
import { expect, SANDBOX_URL, TENANTS } from "./fixtures.ts";
import { strangerFiscalCode } from "../support/citizens.ts";

/** A service each municipality lets its citizens delegate (Valverde's and Montealto's seeds). */
export const DELEGABLE_SERVICE = { "comune-a": 109, "comune-b": 211 } as const;

/** A day `days` from today (yyyy-MM-dd). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** `count` online delegations from `codFisc` for `servizio`, made straight on the sandbox (our payload). */
export async function addDelegations(
  tenant: "comune-a" | "comune-b",
  codFisc: string,
  servizio: number,
  count: number,
) {
  const host = TENANTS[tenant].upstreamHost;
  const login = await fetch(`${SANDBOX_URL}/api-public/sandbox-idp/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-host": host },
    body: new URLSearchParams({ codiceFiscale: codFisc, redirector: "" }).toString(),
  });
  const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0]!;
  expect(cookie).not.toBe("");
  const delegates = [strangerFiscalCode("BRNMRC70A01F205"), strangerFiscalCode("FRRLRA72M41H501")];
  for (let n = 0; n < count; n++) {
    const res = await fetch(`${SANDBOX_URL}/api/deleghe`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-host": host, cookie },
      body: JSON.stringify({
        delegato: { codiceFiscale: delegates[n % 2], nome: "Prova", cognome: `Delegato ${n + 1}` },
        servizi: [servizio],
        dataScadenza: inDays(30),
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
}
