import type { Locale } from "./locale.ts";

const NUMBERS: Record<Locale, Record<0 | 1, Intl.NumberFormat>> = {
  it: {
    0: new Intl.NumberFormat("it-IT", { maximumFractionDigits: 0 }),
    1: new Intl.NumberFormat("it-IT", { maximumFractionDigits: 1 }),
  },
  en: {
    0: new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 }),
    1: new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 }),
  },
};

/** Bytes as megabytes with at most one decimal, in the page's language: "1,4" in Italian, "1.4" in English. */
export function formatMegabytes(bytes: number, locale: Locale): string {
  return NUMBERS[locale][1].format(bytes / (1024 * 1024));
}

/** "12 KB", "1,4 MB" ("1.4 MB" in English): a file's size as the pages show it (the one formatter of sizes). */
export function fileSizeText(bytes: number, locale: Locale): string {
  if (bytes < 1024) return `${NUMBERS[locale][0].format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${NUMBERS[locale][0].format(bytes / 1024)} KB`;
  return `${formatMegabytes(bytes, locale)} MB`;
}
