import type { ReactNode } from "react";
import { Breadcrumb, type BreadcrumbItem } from "#client/components/ui/breadcrumb.tsx";
import { PageHero } from "#client/components/ui/page-hero.tsx";

/** The frame of an information page: breadcrumb (`breadcrumb`), title (`page-name`) with its lead, the content. */
export function InformationLayout({
  breadcrumb,
  title,
  lead,
  children,
  prose = false,
}: {
  breadcrumb: BreadcrumbItem[];
  title: string;
  lead: string;
  children: ReactNode;
  /** Running text: kept to a readable line length. */
  prose?: boolean;
}) {
  return (
    <div className="container">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-10">
          <div className="cmp-breadcrumbs mt-3">
            <Breadcrumb items={breadcrumb} />
          </div>
          <PageHero title={title} lead={lead} />
          {prose ? (
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
