import { describe, expect, test } from "vitest";
import { redactText, redactUrl } from "./redact.ts";

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
    expect(redactUrl(`/api/imprese?partitaIva=IT${PIVA}`)).toBe("/api/imprese?partitaIva=IT[piva]");
    expect(redactUrl(`/api/imprese/${[...PIVA].map((d) => `%3${d}`).join("")}`)).toBe("/api/imprese/[piva]");
    // Other numbers stay: ids, ten-digit phone numbers, millisecond timestamps.
    expect(redactUrl("/faq/12/dettagli?t=1763890000000&tel=3331234567")).toBe(
      "/faq/12/dettagli?t=1763890000000&tel=3331234567",
    );
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
