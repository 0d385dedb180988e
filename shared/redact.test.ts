import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { PERSONAL_QUERY_PARAMETERS, redactText, redactUrl } from "./redact.ts";

/**
 * Query parameters the portal reads or sends that hold nothing personal: steps, page numbers, sort orders, flags,
 * municipality codes, service and category ids, dates of a calendar, upstream paging. A new parameter must be put
 * here or in PERSONAL_QUERY_PARAMETERS (the test below reads the sources).
 */
const NOT_PERSONAL = new Set([
  "passo",
  "servizio",
  "nuovo",
  "da",
  "a",
  "categoria",
  "mese",
  "giorno",
  "annullato",
  "annullata",
  "annulla",
  "polygon_geojson",
  "elimina",
  "scaduta",
  "richieste",
  "richiesta",
  "quanti",
  "quante",
  "pratiche",
  "pagina",
  "pagamenti",
  "ordine",
  "negata",
  "mostra",
  "modifica",
  "idBozza",
  "format",
  "feedbackType",
  "fatto",
  "esito",
  "duplicata",
  // the draft just deleted (an instance code, like duplicata's), how a payment ended, a favourite added or removed
  "eliminata",
  "modo",
  "preferito",
  "codEsito",
  "descEsito",
  "addressdetails",
  "asset",
  "codice_ente",
  "comune",
  "download",
  "enableReceiptStorage",
  "idServizio",
  "lang",
  "limit",
  "offset",
  "page",
  "per_page",
  "portal",
  "ruolo",
  "stato",
  "date",
  "sort",
  "order",
  "aggregates",
  "currentPage",
  "elements",
  "redirector",
  "redirectTo",
  "hash",
  "tenant",
  "status",
  "step",
  "id",
  "next",
  "paymentTypesDescription",
  "ambito",
  "back_url",
  "chiudi",
  "chiusa",
  "consumer",
  "details",
  "eliminato",
  "inviata",
  "option",
  "p",
  "rating",
  "service",
  "valutazione",
  "version",
]);

// Shaped like the sandbox's hashes (sandbox/appsched/tokens.ts): 32 base64url characters.
const HASH = "q3V9_xk2-Lm8PzR4tYw1HbN6cJ0aDfGe";
const PIVA = "01234567890";

describe("redactUrl", () => {
  test("hides fiscal codes in paths, also encoded and lower-case", () => {
    expect(redactUrl("/api/ppay/citizens/RSSMRA80A01H501U/debtpositions")).toBe(
      "/api/ppay/citizens/[cf]/debtpositions",
    );
    expect(redactUrl("/api/document/cittadino/rssmra80a01h501u")).toBe("/api/document/cittadino/[cf]");
    expect(redactUrl("/api/document/cittadino/RSSMRA80A01H501%55")).toBe("/api/document/cittadino/[cf]");
  });

  test("hides sensitive query parameters", () => {
    expect(redactUrl("/api/appsched/appointments?sort=-start&codice_fiscale=XYZ")).toBe(
      "/api/appsched/appointments?sort=-start&codice_fiscale=[redacted]",
    );
    expect(redactUrl("/api-public/otp/verify?otp=12345&cf=ABC")).toBe(
      "/api-public/otp/verify?otp=[redacted]&cf=[redacted]",
    );
  });

  test("hides a value whole, whatever it holds escaped (an apostrophe, an ampersand, spaces, a hash sign)", () => {
    // As the portal's own pages build them (URLSearchParams) and as curl sends them.
    expect(redactUrl("/geocoding/search?q=Via+dell%27Orso+12+interno+4+Rossi&limit=5")).toBe(
      "/geocoding/search?q=[redacted]&limit=5",
    );
    expect(redactUrl("/faq?q=residenza+%26+cambio+indirizzo+Via+Roma+12")).toBe("/faq?q=[redacted]");
    expect(redactUrl("/geocoding/search?q=Via%20Garibaldi%2012%20Rossi")).toBe(
      "/geocoding/search?q=[redacted]",
    );
    expect(redactUrl("/x?indirizzo=Piazza%20%22Duomo%22%20%2312&b=1")).toBe("/x?indirizzo=[redacted]&b=1");
    // Double-encoded, inside another parameter: the inner query's value whole too.
    expect(redactUrl("/login?redirectTo=%2Fgeocoding%2Fsearch%3Fq%3DVia%2520dell%2527Orso%2B12")).toBe(
      "/login?redirectTo=/geocoding/search?q=[redacted]",
    );
  });

  test("hides the e-mailed appointment hash in the portal's pages", () => {
    expect(redactUrl(`/servizi/modifica-appuntamento/${HASH}`)).toBe("/servizi/modifica-appuntamento/[hash]");
    expect(redactUrl(`/servizi/modifica-appuntamento/${HASH}?passo=riepilogo`)).toBe(
      "/servizi/modifica-appuntamento/[hash]?passo=riepilogo",
    );
    expect(redactUrl(`/servizi/modifica-appuntamento/successo/${HASH}`)).toBe(
      "/servizi/modifica-appuntamento/successo/[hash]",
    );
    expect(redactUrl(`/servizi/modifica-appuntamento/${HASH}.data`)).toBe(
      "/servizi/modifica-appuntamento/[hash]",
    );
    expect(redactUrl(`/servizi/prenotazione-appuntamento/calendario/42?hash=${HASH}`)).toBe(
      "/servizi/prenotazione-appuntamento/calendario/42?hash=[hash]",
    );
  });

  test("hides the hash in upstream API paths and queries", () => {
    expect(redactUrl(`/api-public/appsched/appointments/hash/${HASH}`)).toBe(
      "/api-public/appsched/appointments/hash/[hash]",
    );
    expect(redactUrl(`/api/appsched/appointments/hash/${HASH}/ics`)).toBe(
      "/api/appsched/appointments/hash/[hash]/ics",
    );
    expect(redactUrl(`/api-public/appsched/ics?lang=it&hash=${HASH}`)).toBe(
      "/api-public/appsched/ics?lang=it&hash=[hash]",
    );
  });

  test("hides the hash however it is percent-encoded", () => {
    const cases = [
      `/servizi/modifica-appuntamento%2F${HASH}`,
      `/servizi/modifica%2Dappuntamento/${HASH}`,
      `/servizi/modifica-appuntamento/successo%2f${HASH}`,
      `/api-public/appsched/appointments%2Fhash%2F${HASH}`,
      `/api-public/appsched/ics?h%61sh=${HASH}`,
      `/manutenzione?redirectTo=%2Fservizi%2Fmodifica-appuntamento%2F${HASH}`,
      `/manutenzione?redirectTo=%252Fservizi%252Fmodifica-appuntamento%252F${HASH}`,
      // a malformed escape elsewhere does not stop the others from being decoded
      `/servizi/modifica-appuntamento%2F${HASH}?q=%E0%A4%A`,
    ];
    for (const url of cases) {
      const redacted = redactUrl(url)!;
      expect(redacted, url).not.toContain(HASH);
      expect(redacted, url).toContain("[hash]");
    }
  });

  test("hides 11-digit company numbers (partita IVA), also encoded", () => {
    expect(redactUrl(`/api/imprese/${PIVA}/pratiche`)).toBe("/api/imprese/[piva]/pratiche");
    expect(redactUrl(`/api/imprese?partitaIva=IT${PIVA}`)).toBe("/api/imprese?partitaIva=[redacted]");
    expect(redactUrl(`/api/imprese/${[...PIVA].map((d) => `%3${d}`).join("")}`)).toBe("/api/imprese/[piva]");
    // Other numbers are no company number: ids, ten-digit numbers, millisecond timestamps (a phone number in `tel`
    // is redacted as a personal parameter, not as a company number).
    expect(redactUrl("/faq/12/dettagli?t=1763890000000&n=3331234567")).toBe(
      "/faq/12/dettagli?t=1763890000000&n=3331234567",
    );
    expect(redactUrl("/faq/12/dettagli?tel=3331234567")).toBe("/faq/12/dettagli?tel=[redacted]");
  });

  test("hides payment notice codes (IUV) in the portal's paths and the upstream's, numeric or RF", () => {
    expect(redactUrl("/area-personale/pagamenti/12202600000000001/ricevuta")).toBe(
      "/area-personale/pagamenti/[iuv]/ricevuta",
    );
    expect(redactUrl("/area-personale/dovuti/RF23567483937849450550/avviso")).toBe(
      "/area-personale/dovuti/[iuv]/avviso",
    );
    expect(redactUrl("/api/ppay/debtpositions/302000100000009424/payment")).toBe(
      "/api/ppay/debtpositions/[iuv]/payment",
    );
  });

  test("hides e-mail addresses and international phone numbers under any name or in a path", () => {
    expect(redactUrl("/x/mario.rossi@example.it?utente=a.b%40comune.valverde.it&email[]=a@b.it")).toBe(
      "/x/[email]?utente=[email]&email[]=[email]",
    );
    expect(redactUrl("/x?numero=+393471234567&n=%2B39347123456")).toBe("/x?numero=[tel]&n=[tel]");
  });

  test("leaves ordinary URLs alone", () => {
    expect(redactUrl("/servizi/prenotazione-appuntamento?step=2")).toBe(
      "/servizi/prenotazione-appuntamento?step=2",
    );
    expect(redactUrl("/servizi/modifica-appuntamento/successo")).toBe(
      "/servizi/modifica-appuntamento/successo",
    );
    expect(redactUrl("/servizi/appuntamento/modifica/42")).toBe("/servizi/appuntamento/modifica/42");
    expect(redactUrl(undefined)).toBeUndefined();
  });
});

describe("redactText", () => {
  test("hides the same secrets inside error messages", () => {
    const message = `You made a POST request to "/servizi/modifica-appuntamento/${HASH}" as RSSMRA80A01H501U for ${PIVA}`;
    expect(redactText(message)).toBe(
      'You made a POST request to "/servizi/modifica-appuntamento/[hash]" as [cf] for [piva]',
    );
  });
});

describe("the personal query parameters (one list)", () => {
  test("every value on the list is redacted, whatever the case, the other parameters kept", () => {
    for (const name of PERSONAL_QUERY_PARAMETERS) {
      const url = `/servizi/x?passo=dati&${name}=mario.rossi%40example.it&pagina=2`;
      expect(redactUrl(url), name).toBe(`/servizi/x?passo=dati&${name}=[redacted]&pagina=2`);
      expect(redactUrl(`/x?${name.toUpperCase()}=Mario`), name).toBe(`/x?${name.toUpperCase()}=[redacted]`);
    }
    // The issue's examples (#37): e-mail, phone and a one-time code in a logged URL.
    expect(redactUrl("/api-public/otp/send?email=a%40b.it&tel=3331234567&codice=123456")).toBe(
      "/api-public/otp/send?email=[redacted]&tel=[redacted]&codice=[redacted]",
    );
  });

  test("covers every query parameter the sources read or send, or the parameter is known not personal", () => {
    const root = resolve(import.meta.dirname, "..");
    const grep = (pattern: string) =>
      execFileSync(
        "grep",
        [
          "-rhoE",
          pattern,
          "client",
          "server",
          "sandbox",
          "shared",
          "--include=*.ts",
          "--include=*.tsx",
          "--exclude=*.test.ts",
          "--exclude=*.test.tsx",
        ],
        {
          cwd: root,
          encoding: "utf8",
        },
      );
    const names = new Set<string>();
    for (const [, name] of grep(`searchParams\\.(get|getAll|has)\\("[A-Za-z_]+"\\)`).matchAll(
      /"([A-Za-z_]+)"/g,
    ))
      names.add(name!);
    for (const [, name] of grep(`req\\.query\\.[A-Za-z_]+`).matchAll(/query\.([A-Za-z_]+)/g))
      names.add(name!);
    for (const [, name] of grep(`[?&][A-Za-z_]+=`).matchAll(/[?&]([A-Za-z_]+)=/g)) names.add(name!);
    for (const [, list] of grep(`query: \\{[^}]*\\}`).matchAll(/query: \{([^}]*)\}/g))
      for (const [, name] of list!.matchAll(/(?:^|,)\s*([A-Za-z_]+)/g)) names.add(name!);
    const personal = new Set<string>(PERSONAL_QUERY_PARAMETERS.map((n) => n.toLowerCase()));
    const undecided = [...names].filter((n) => !personal.has(n.toLowerCase()) && !NOT_PERSONAL.has(n)).sort();
    expect(
      undecided,
      "add each to PERSONAL_QUERY_PARAMETERS (shared/redact.ts) or to NOT_PERSONAL here",
    ).toEqual([]);
  });
});
