import { SearchForm } from "#client/components/ui/filter-form.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { FAQ_QUERY_MAX } from "#client/lib/faq-links.ts";

/**
 * The FAQ search: a GET form to `/faq?q=…`, so results have an address and it works without JavaScript. The text
 * the citizen typed comes back as the field's value (React escapes it; it is never markup).
 */
export function FaqSearchForm({ query }: { query: string }) {
  const t = useT();
  return (
    <SearchForm
      action={href("/faq")}
      label={t("faq.searchLabel")}
      submitLabel={t("faq.searchSubmit")}
      query={query}
      maxLength={FAQ_QUERY_MAX}
      className="mb-5"
    />
  );
}
