import { expect, test } from "vitest";
import { isValidVatNumber } from "#shared/validation/payer-tax-id.ts";
import { sandboxTenants } from "./tenants.ts";

/** Every 11-digit number the demo data calls a "partita IVA" / "P.IVA" (footer contacts, pages, services…). */
function vatNumbersIn(data: unknown): string[] {
  const text = JSON.stringify(data);
  return [...text.matchAll(/(?:partita\s+IVA|P\.\s?IVA)[^0-9]{0,40}(\d{11})\b/gi)].map((match) => match[1]!);
}

test("every P.IVA in the demo municipalities' data passes the Italian check digit", () => {
  const found = sandboxTenants.flatMap((tenant) => vatNumbersIn(tenant).map((vat) => `${tenant.id}: ${vat}`));
  expect(found.length).toBeGreaterThan(0);
  const invalid = found.filter((entry) => !isValidVatNumber(entry.split(": ")[1]!));
  expect(invalid).toEqual([]);
});
