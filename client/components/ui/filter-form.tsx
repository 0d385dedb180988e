import { useId, type ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { cx } from "./class-names.ts";
import { Icon } from "./icon.tsx";

/** How the form names itself: a label for assistive technology only, or a visible heading the form is named by. */
type FilterFormName =
  | {
      /** The form's accessible name (a search or filter landmark needs one). */
      label: string;
      title?: undefined;
      titleLevel?: undefined;
    }
  | {
      /** The form's heading, which names it (`aria-labelledby`). */
      title: string;
      /** The heading's level; 3 (a filter inside a page's section) when left out. */
      titleLevel?: 2 | 3 | 4;
      label?: undefined;
    };

export type FilterFormProps = FilterFormName & {
  /** The submit button's text. */
  submitLabel: ReactNode;
  /** The fields, each in its grid column. */
  children: ReactNode;
  /** Where the GET goes; the current page when left out. */
  action?: string;
  /** The page's other query parameters, carried as hidden fields so that filtering one list keeps the others. */
  keep?: Record<string, string>;
  /**
   * `row` (the default): the fields and an outline submit button in one bootstrap row aligned to their bottom (a
   * list's filter inside a page). `card`: a card with the fields in their rows and, below them, the primary button
   * (the page's own search).
   */
  look?: "row" | "card";
  /** The submit button's grid column in the `row` look (e.g. `col-md-2`). */
  submitColumn?: string;
  /** A link back to the list without filters ("Azzera i filtri"), shown when given: the caller decides when. */
  reset?: { label: ReactNode; href: string };
  /** The form is the page's search landmark (`role="search"`) rather than a form. */
  search?: boolean;
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
 * to the same URL), named by its label or its heading, the fields, one submit button and, when given, the link that
 * takes the filters away. Looks: a bootstrap row aligned to the fields' bottom with an outline button, or a card
 * with the primary button under the fields.
 */
export function FilterForm(props: FilterFormProps) {
  const { submitLabel, children, action, keep = {}, look = "row", className, reset } = props;
  const titleId = useId();
  const card = look === "card";
  const Heading = `h${props.titleLevel ?? 3}` as const;
  const resetLink = reset ? (
    <Link
      to={reset.href}
      className={card ? "btn btn-outline-primary" : "btn btn-link"}
      preventScrollReset={props.preventScrollReset}
    >
      {reset.label}
    </Link>
  ) : null;
  const title =
    props.title === undefined ? null : (
      <Heading id={titleId} className={card ? "h5 mb-3" : "h5 col-12 mb-0"}>
        {props.title}
      </Heading>
    );
  return (
    <Form
      key={useFilterFormKey()}
      method="get"
      action={action}
      className={cx(
        card ? "card card-bg shadow-sm no-after rounded mb-4" : "row g-3 align-items-end mb-3",
        className,
      )}
      role={props.search ? "search" : undefined}
      aria-label={props.label}
      aria-labelledby={props.title === undefined ? undefined : titleId}
      preventScrollReset={props.preventScrollReset}
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {card ? (
        <div className="card-body p-3 p-lg-4">
          {title}
          <div className="row gx-3">{children}</div>
          <div className="d-flex flex-wrap gap-3 align-items-center">
            <button type="submit" className="btn btn-primary">
              {submitLabel}
            </button>
            {resetLink}
          </div>
        </div>
      ) : (
        <>
          {title}
          {children}
          <div className={cx("col-12 form-group", props.submitColumn ?? "col-md-2")}>
            <button type="submit" className="btn btn-outline-primary w-100">
              {submitLabel}
            </button>
          </div>
          {resetLink ? <div className="col-12 col-md-auto form-group">{resetLink}</div> : null}
        </>
      )}
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
