import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { enGB, it } from "date-fns/locale";
import type { Locale } from "./i18n-context.tsx";

const inRome = tz("Europe/Rome");

/**
 * Formats a date in the Europe/Rome time zone with the locale's names and Monday as first day of the week, so the
 * server (any TZ) and the browser produce the same string and hydration matches.
 */
export function formatDate(date: Date | number | string, locale: Locale, pattern = "dd/MM/yyyy"): string {
  return format(date, pattern, { locale: locale === "en" ? enGB : it, in: inRome, weekStartsOn: 1 });
}
