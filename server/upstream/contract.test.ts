import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestUpstream } from "#tests/support/test-app.ts";
import { contractFixtures, type ContractFixture } from "#tests/contract/contract-fixtures.ts";
import { isUpstreamError } from "./errors.ts";
import type { UpstreamRequestContext } from "./http.ts";
import { fetchComune, fetchPart } from "./tenant-config.ts";
import { getCurrentUser } from "./user.ts";
import { createFavouritesApi } from "./favourites.ts";
import { checkMaintenanceCredential } from "./maintenance.ts";
import { createOtpApi } from "./otp.ts";
import { createCrmApi } from "./crm.ts";
import { createPpayApi } from "./ppay.ts";
import { createNotifyApi } from "./notify.ts";
import { createMypayApi } from "./mypay.ts";
import { createAppschedApi } from "./appsched.ts";
import { withServiceTitles } from "#shared/api/tenant-config.ts";
import { CITIZENS } from "#tests/support/portal-requests.ts";

/**
 * The portal's own upstream calls parse every contract fixture (tests/contract/fixtures), served over HTTP with
 * the fixture's status, content type and body, as the published BFF sends them (a raw string raw, a CMS redirect to
 * another origin). The sandbox answers the same files (sandbox/contract.test.ts).
 */
const fixtures = contractFixtures();
let serving: ContractFixture | undefined;
let upstream: Awaited<ReturnType<typeof startTestUpstream>>;
let cms: Awaited<ReturnType<typeof startTestUpstream>>;

function answer(
  res: import("node:http").ServerResponse,
  a: { status: number; contentType: string; body?: unknown; text?: string },
) {
  res.writeHead(a.status, { "content-type": a.contentType });
  res.end(a.text ?? (a.body === undefined ? "" : JSON.stringify(a.body)));
}

beforeAll(async () => {
  cms = await startTestUpstream((_req, res) => answer(res, serving!.response.followed!));
  upstream = await startTestUpstream((_req, res) => {
    const fixture = serving!;
    if (fixture.response.location === "cms") {
      res.writeHead(fixture.response.status, {
        "content-type": fixture.response.contentType,
        location: `${cms.url}/citta-facile/${fixture.name}`,
      });
      return void res.end();
    }
    answer(res, fixture.response);
  });
});
afterAll(async () => {
  await upstream.close();
  await cms.close();
});

const ctx = (): UpstreamRequestContext => ({
  baseUrl: upstream.url,
  forwardedHost: "servizi.comune.example.it",
  timeoutMs: 2000,
});
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const { ANNA, GIULIA } = CITIZENS;

/** What the portal makes of each fixture, through the call it makes for it. */
const PORTAL: Record<string, () => Promise<void>> = {
  "config-fromtenant": async () => {
    const comune = await fetchComune(ctx());
    expect(comune.regione.link).toBeNull();
    expect(comune.firebase?.vapidKey).toBe("BExampleVapidKey");
    expect(comune.assets.map((a) => a.codice)).toEqual(["PPAY", "APPSCHED"]);
  },
  "config-fromtenant-maintenance": async () => {
    const comune = await fetchComune(ctx());
    expect(comune).toMatchObject({ homePage: null, firebase: null, maintenance: true, cms: true });
  },
  "config-menu": async () => {
    const menu = await fetchPart(ctx(), "menu");
    expect(menu.main.map((m) => m.dataElement)).toEqual(["management", "all-services"]);
    expect(menu.contacts[0]?.children.map((c) => c.className)).toEqual([
      "assistenza",
      undefined,
      "segnalazione",
    ]);
  },
  "config-menu-cms": async () => {
    const menu = await fetchPart(ctx(), "menu");
    expect(menu.topics.map((m) => m.title)).toEqual(["Anagrafe"]);
  },
  "config-servizi": async () => {
    const servizi = await fetchPart(ctx(), "servizi");
    expect(servizi.map((s) => [s.id, s.categorie, s.attivo, s.motivoStato])).toEqual([
      ["201", ["Anagrafe e stato civile"], true, null],
      ["207", [], false, "Servizio sospeso per inventario"],
    ]);
  },
  "config-servizi-cms": async () => {
    const servizi = await fetchPart(ctx(), "servizi");
    expect(servizi[0]).toMatchObject({ id: "101", categorie: ["Anagrafe e stato civile"] });
    expect(servizi[0]?.linkServizio).toBe("/servizi/prenotazione-appuntamento");
  },
  "config-dettaglioServizi": async () => {
    const dettagli = await fetchPart(ctx(), "dettagli");
    const named = withServiceTitles(dettagli, [
      {
        id: "207",
        nome: "Biblioteca",
        descrizione: "",
        categorie: [],
        linkScheda: null,
        linkServizio: null,
        attivo: true,
        motivoStato: null,
      },
    ]);
    expect(named.map((d) => d.titolo)).toEqual(["Carta d'identità elettronica", "Biblioteca"]);
    expect(named[0]?.asset?.codice).toBe("APPSCHED");
  },
  "utenti-me": async () => {
    const user = await getCurrentUser(ctx());
    expect(user).toMatchObject({ codFisc: ANNA, phoneNumber: null, contatti: { sms: null, push: null } });
  },
  "utenti-me-anonymous": async () => {
    expect(await getCurrentUser(ctx())).toBeNull();
  },
  "api-anonymous": async () => {
    const error = await rejection(createFavouritesApi(ctx()).list());
    expect(isUpstreamError(error, 401)).toBe(true);
  },
  "maintenance-authorised": async () => {
    expect(await checkMaintenanceCredential(ctx(), { username: "u", password: "p" })).toBe(true);
  },
  "maintenance-refused": async () => {
    expect(await checkMaintenanceCredential(ctx(), { username: "u", password: "p" })).toBe(false);
  },
  "maintenance-closed": async () => {
    const error = await rejection(fetchPart(ctx(), "menu"));
    expect(isUpstreamError(error, 401)).toBe(true);
  },
  "otp-request": async () => {
    const result = await createOtpApi(ctx()).request({
      codiceFiscale: GIULIA,
      tipoRichiesta: "EMAIL",
      contatto: "giulia@example.it",
    });
    // The portal keeps the row's reference and expiry; the code the BFF leaks is dropped at the boundary.
    expect(result).toEqual({
      ok: true,
      ticket: { id: "41", expirationDate: "2026-11-29T10:20:00.000+00:00", tipoRichiesta: "EMAIL" },
    });
  },
  "otp-verify": async () => {
    expect(await createOtpApi(ctx()).verify({ otp: "12345", cf: GIULIA, richiesta: "EMAIL" })).toBe("valid");
  },
  "otp-verify-wrong": async () => {
    expect(await createOtpApi(ctx()).verify({ otp: "12345", cf: GIULIA, richiesta: "EMAIL" })).toBe("wrong");
  },
  "otp-attempts-left": async () => {
    expect(await createOtpApi(ctx()).smsAttemptsLeft(GIULIA)).toBe(3);
  },
  "preferenze-list": async () => {
    expect(await createFavouritesApi(ctx()).list()).toEqual([101, 104]);
  },
  "preferenze-empty": async () => {
    expect(await createFavouritesApi(ctx()).list()).toEqual([]);
  },
  "preferenze-add": async () => {
    await createFavouritesApi(ctx()).add(105);
  },
  "preferenze-add-again": async () => {
    const error = await rejection(createFavouritesApi(ctx()).add(101));
    expect(isUpstreamError(error, 400)).toBe(true);
    expect((error as { body: unknown }).body).toMatchObject({ title: "Preferenza già aggiunta" });
  },
  "preferenze-remove": async () => {
    await createFavouritesApi(ctx()).remove(101);
  },
  "drafts-list": async () => {
    const drafts = await createCrmApi(ctx()).drafts(4);
    expect(drafts).toHaveLength(1);
    expect(new Date(drafts[0]!.dataCreazione).toISOString()).toBe("2026-11-29T10:15:30.123Z");
  },
  "draft-delete": async () => {
    expect(await createCrmApi(ctx()).deleteDraft(7)).toBe("ok");
  },
  "draft-delete-missing": async () => {
    expect(await createCrmApi(ctx()).deleteDraft(999999)).toBe("not-found");
  },
  policy: async () => {
    expect(await createCrmApi(ctx()).policy()).toMatch(/^Informativa sul trattamento/);
  },
  "policy-ppay": async () => {
    expect(await createPpayApi(ctx()).policy()).toMatch(/^<p>Ai sensi del Regolamento/);
  },
  "crm-tickets-search": async () => {
    const tickets = await createCrmApi(ctx()).searchTickets({ codiceFiscale: ANNA, perPage: 10, page: 1 });
    // Both shapes read; an e-mail customer names no fiscal code (ownership checks fail closed).
    expect(tickets.map((t) => [t.id, t.customer?.codice_fiscale ?? null])).toEqual([
      [1, ANNA],
      [2, null],
    ]);
  },
  "notify-contacts": async () => {
    const contacts = await createNotifyApi(ctx()).getContacts(ANNA);
    expect(contacts).toMatchObject({ email: "a.esposito@example.it", phone: null, push: null });
  },
  "published-unrouted-menufooter": async () => {
    // Not routed: the part is empty, not a failure.
    expect(await fetchPart(ctx(), "menuFooter")).toEqual({ main: [], contacts: [], smallPrint: [] });
  },
  "published-unrouted-mypay": async () => {
    const error = await rejection(createMypayApi(ctx()).tipologie());
    expect(isUpstreamError(error, 404)).toBe(true);
  },
  "published-hash-put": async () => {
    const error = await rejection(
      createAppschedApi(ctx(), "api-public").updateByHash("abc", {
        start: "2026-12-01 09:00:00",
        notes: "",
        providerId: "any-provider",
        serviceId: "1",
      }),
    );
    expect(isUpstreamError(error, 405)).toBe(true);
  },
};

describe("the portal parses every contract fixture", () => {
  test.each(fixtures.map((f) => [f.name, f] as const))("%s", async (name, fixture) => {
    const run = PORTAL[name];
    expect(run, `no portal check for the fixture ${name}`).toBeDefined();
    serving = fixture;
    await run!();
  });

  test("no portal check is left without its fixture", () => {
    expect(Object.keys(PORTAL).sort()).toEqual(fixtures.map((f) => f.name).sort());
  });
});
