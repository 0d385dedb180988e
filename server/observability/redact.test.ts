import { describe, expect, test } from "vitest";
import { redactUrl } from "./redact.ts";

describe("redactUrl", () => {
  test("hides fiscal codes in paths, also encoded and lower-case", () => {
    expect(redactUrl("/api/ppay/citizens/RSSMRA80A01H501U/debtpositions")).toBe(
      "/api/ppay/citizens/[cf]/debtpositions",
    );
    expect(redactUrl("/api/document/cittadino/rssmra80a01h501u")).toBe("/api/document/cittadino/[cf]");
  });

  test("hides sensitive query parameters", () => {
    expect(redactUrl("/api/appsched/appointments?sort=-start&codice_fiscale=XYZ")).toBe(
      "/api/appsched/appointments?sort=-start&codice_fiscale=[redacted]",
    );
    expect(redactUrl("/api-public/otp/verify?otp=12345&cf=ABC")).toBe(
      "/api-public/otp/verify?otp=[redacted]&cf=[redacted]",
    );
  });

  test("leaves ordinary URLs alone", () => {
    expect(redactUrl("/servizi/prenotazione-appuntamento?step=2")).toBe(
      "/servizi/prenotazione-appuntamento?step=2",
    );
  });
});
