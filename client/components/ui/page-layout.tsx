import type { ReactNode, Ref } from "react";
import { Breadcrumb, type BreadcrumbItem } from "./breadcrumb.tsx";
import { PageHero } from "./page-hero.tsx";

export type PageLayoutProps = {
  breadcrumb: BreadcrumbItem[];
  title: ReactNode;
  lead?: ReactNode;
  /** The heading's ref, for a page whose steps move the focus to it. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Rendered in the hero, after the lead (status chips, actions). */
  heroExtra?: ReactNode;
  children: ReactNode;
  /**
   * Where the content goes: `column` (default) its own reading column under the hero (flows: booking, payments,
   * assistance, disruption); `inline` in the hero's column (FAQ, information pages); `prose` inline and kept to a
   * readable line length.
   */
  body?: "column" | "inline" | "prose";
  /** Extra classes of the main column (e.g. `px-lg-4 py-lg-2`). */
  columnClassName?: string;
  /** Full-width content after the container (the rating, the contacts). */
  after?: ReactNode;
};

/**
 * The frame of a Modello Comuni page: the breadcrumb (`data-element="breadcrumb"`), the hero with the
 * `<h1 data-element="page-name">` and its lead, then the page's content.
 */
export function PageLayout(props: PageLayoutProps) {
  const { breadcrumb, title, lead, headingRef, heroExtra, children, body = "column", after } = props;
  const column = props.columnClassName ? `col-12 col-lg-10 ${props.columnClassName}` : "col-12 col-lg-10";
  const hero = (
    <>
      <div className="cmp-breadcrumbs mt-3">
        <Breadcrumb items={breadcrumb} />
      </div>
      <PageHero title={title} lead={lead} headingRef={headingRef}>
        {heroExtra}
      </PageHero>
    </>
  );
  if (body !== "column") {
    return (
      <div className="container">
        <div className="row justify-content-center">
          <div className={column}>
            {hero}
            {body === "prose" ? (
              <div className="row">
                <div className="col-12 col-lg-9 pb-5">{children}</div>
              </div>
            ) : (
              <div className="pb-5">{children}</div>
            )}
          </div>
        </div>
      </div>
    );
  }
  return (
    <>
      <div className="container">
        <div className="row justify-content-center">
          <div className={column}>{hero}</div>
        </div>
        <div className="row justify-content-center">
          <div className="col-12 col-lg-10 mb-5">{children}</div>
        </div>
      </div>
      {after}
    </>
  );
}
