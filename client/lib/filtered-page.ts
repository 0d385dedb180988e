import { data } from "react-router";

/**
 * A list page filtered by its address (a GET form): answered 400 when the filter was refused (a day that is none, a
 * range the wrong way round; the page says so at the field and keeps what was typed), else 200.
 */
export function filteredPage<T extends { errors: Partial<Record<string, unknown>> }>(page: T) {
  return data(page, { status: Object.values(page.errors).some(Boolean) ? 400 : 200 });
}
