import type { ReactNode } from "react";
import { Link } from "react-router";

export type SummaryEditLinkProps = {
  /** The step's address with `da=riepilogo` (the step's form then returns to the summary). */
  href: string;
  /** "Modifica", from the flow's catalogue. */
  label: string;
  /** The section it edits: said after the label to assistive technology ("Modifica Ufficio"). */
  section: string;
  className?: string;
};

/** A summary section's "Modifica": a link back to its step, named for the section it edits. */
export function SummaryEditLink({ href, label, section, className }: SummaryEditLinkProps) {
  return (
    <Link to={href} className={className ?? "text-decoration-none"}>
      {label}
      <span className="visually-hidden"> {section}</span>
    </Link>
  );
}

export type SummarySectionProps = {
  title: string;
  /** The heading's id, naming the section; absent, the section is a plain box. */
  id?: string;
  /** Its step's address with `da=riepilogo`; absent, the section cannot be edited (e.g. an appointment's office). */
  editHref?: string;
  editLabel: string;
  /** The section's name after "Modifica" (default: the title). */
  editSection?: string;
  editClassName?: string;
  /** The box's classes, as the flow's design has them. */
  className?: string;
  /** Classes of the inner body (a `card-body`), none for a box without one. */
  bodyClassName?: string;
  /** The heading row's classes. */
  headerClassName?: string;
  /** The heading's classes (default `h5 mb-0`; e.g. a card's `h5 card-title`). */
  titleClassName?: string;
  children: ReactNode;
};

/** One section of a flow's summary: its heading, its "Modifica" back to the step, and what the citizen gave. */
export function SummarySection(props: SummarySectionProps) {
  const { title, id, editHref, editLabel, bodyClassName } = props;
  const header = (
    <div className={props.headerClassName ?? "d-flex justify-content-between align-items-center mb-2"}>
      <h3 id={id} className={props.titleClassName ?? "h5 mb-0"}>
        {title}
      </h3>
      {editHref ? (
        <SummaryEditLink
          href={editHref}
          label={editLabel}
          section={props.editSection ?? title}
          className={props.editClassName}
        />
      ) : null}
    </div>
  );
  const content = bodyClassName ? (
    <div className={bodyClassName}>
      {header}
      {props.children}
    </div>
  ) : (
    <>
      {header}
      {props.children}
    </>
  );
  return id ? (
    <section className={props.className} aria-labelledby={id}>
      {content}
    </section>
  ) : (
    <div className={props.className}>{content}</div>
  );
}

/** The summary's sections, in the order of the steps. */
export function FlowSummary({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className}>{children}</div>;
}
