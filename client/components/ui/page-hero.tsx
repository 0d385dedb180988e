import type { ReactNode, Ref } from "react";

export type PageHeroProps = {
  title: ReactNode;
  /** Optional lead paragraph under the title. */
  lead?: ReactNode;
  /** Rendered after the lead (e.g. status chips or actions). */
  children?: ReactNode;
  /** The heading's ref, for a page whose steps move the focus to it (`useFocusOnChange`); makes it focusable. */
  headingRef?: Ref<HTMLHeadingElement>;
};

/** The page heading of the Modello Comuni hero: the `<h1 data-element="page-name">` and an optional lead. */
export function PageHero({ title, lead, children, headingRef }: PageHeroProps) {
  return (
    <div className="cmp-hero pt-4 pb-3">
      <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="mb-3" data-element="page-name">
        {title}
      </h1>
      {lead ? <p className="lead">{lead}</p> : null}
      {children}
    </div>
  );
}
