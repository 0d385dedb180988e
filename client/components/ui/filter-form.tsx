import { useId, type ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { cx } from "./class-names.ts";
import { Icon } from "./icon.tsx";

export type FilterFormProps = {
  /** The form's accessible name (a search or filter landmark needs one). */
  label: string;
  /** The submit button's text. */
  submitLabel: ReactNode;
  /** The fields, each in its grid column. */
  children: ReactNode;
  /** Where the GET goes; the current page when left out. */
  action?: string;
  /** The page's other query parameters, carried as hidden fields so that filtering one list keeps the others. */
  keep?: Record<string, string>;
  /** The submit button's grid column (e.g. `col-md-2`). */
  submitColumn?: string;
  className?: string;
  /** Keeps the scroll position (a section filtered inside a longer page). */
  preventScrollReset?: boolean;
};

/**
 * The key of a GET filter form: the address's query. The fields show the filter applied with `defaultValue`, which
 * React reads only when a field is created: keyed so, the form is created again whenever the query changes ("Azzera
 * i filtri", the back button, another list's filter), so its fields never keep a value the list no longer applies
 * (issue #40: a reset list kept the old value in its fields, and the next "Filtra" applied it again).
 */
export function useFilterFormKey(): string {
  return useLocation().search;
}

/**
 * A list's GET filter: a plain `<form method="get">` that works without JavaScript (with it, React Router navigates
 * to the same URL), the fields in a bootstrap row aligned to their bottom and one outline submit button.
 */
export function FilterForm(props: FilterFormProps) {
  const { label, submitLabel, children, action, keep = {}, submitColumn = "col-md-2", className } = props;
  return (
    <Form
      key={useFilterFormKey()}
      method="get"
      action={action}
      className={cx("row g-3 align-items-end mb-3", className)}
      aria-label={label}
      preventScrollReset={props.preventScrollReset}
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <div className={cx("col-12 form-group", submitColumn)}>
        <button type="submit" className="btn btn-outline-primary w-100">
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

export type SearchFormProps = {
  action: string;
  label: ReactNode;
  submitLabel: ReactNode;
  /** The text searched for (shown again in the field; React escapes it, it is never markup). */
  query: string;
  maxLength: number;
  /** The field's name; `q` when left out. */
  name?: string;
  placeholder?: string;
  className?: string;
  /** Hidden fields before the search box (e.g. the category being searched). */
  children?: ReactNode;
};

/**
 * A one-box GET search (`role="search"`): the label, the search field and a "Cerca" button joined to it. The results
 * have an address and it works without JavaScript.
 */
export function SearchForm(props: SearchFormProps) {
  const id = useId();
  return (
    <Form method="get" action={props.action} role="search" className={props.className}>
      {props.children}
      <div className="form-group mb-0">
        <label htmlFor={id} className="active">
          {props.label}
        </label>
        <div className="input-group">
          <input
            id={id}
            className="form-control"
            type="search"
            name={props.name ?? "q"}
            defaultValue={props.query}
            key={props.query}
            maxLength={props.maxLength}
            placeholder={props.placeholder}
            autoComplete="off"
          />
          <div className="input-group-append">
            <button type="submit" className="btn btn-primary">
              <Icon name="it-search" className="icon-sm icon-white me-1" />
              {props.submitLabel}
            </button>
          </div>
        </div>
      </div>
    </Form>
  );
}
