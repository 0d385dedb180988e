import type { ReactNode } from "react";
import type { BreadcrumbItem } from "#client/components/ui/breadcrumb.tsx";
import { PageLayout } from "#client/components/ui/page-layout.tsx";

/** The frame of an information page: breadcrumb (`breadcrumb`), title (`page-name`) with its lead, the content. */
export function InformationLayout({
  breadcrumb,
  title,
  lead,
  children,
  prose = false,
}: {
  breadcrumb: BreadcrumbItem[];
  title: ReactNode;
  lead: ReactNode;
  children: ReactNode;
  /** Running text: kept to a readable line length. */
  prose?: boolean;
}) {
  return (
    <PageLayout breadcrumb={breadcrumb} title={title} lead={lead} body={prose ? "prose" : "inline"}>
      {children}
    </PageLayout>
  );
}
