/** Company number (partita IVA, spec §5): digits only, exactly 11 of them. */
export const COMPANY_NUMBER_LENGTH = 11;

export function isValidCompanyNumber(value: string): boolean {
  return /^\d{11}$/.test(value.trim());
}
