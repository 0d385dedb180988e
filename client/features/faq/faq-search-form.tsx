import { useId } from "react";
import { Form } from "react-router";
import { Icon } from "#client/components/ui/icon.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { FAQ_QUERY_MAX } from "#client/lib/faq-links.ts";

/**
 * The FAQ search: a GET form to `/faq?q=…`, so results have an address and it works without JavaScript. The text
 * the citizen typed comes back as the field's value (React escapes it; it is never markup).
 */
export function FaqSearchForm({ query }: { query: string }) {
  const t = useT();
  const id = useId();
  return (
    <Form method="get" action={href("/faq")} role="search" className="mb-5">
      <div className="form-group mb-0">
        <label htmlFor={id} className="active">
          {t("faq.searchLabel")}
        </label>
        <div className="input-group">
          <input
            id={id}
            className="form-control"
            type="search"
            name="q"
            defaultValue={query}
            key={query}
            maxLength={FAQ_QUERY_MAX}
            autoComplete="off"
          />
          <div className="input-group-append">
            <button type="submit" className="btn btn-primary">
              <Icon name="it-search" className="icon-sm icon-white me-1" />
              {t("faq.searchSubmit")}
            </button>
          </div>
        </div>
      </div>
    </Form>
  );
}
