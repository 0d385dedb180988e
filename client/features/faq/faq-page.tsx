import type { ReactNode } from "react";
import type { MetaDescriptor } from "react-router";
import type { BreadcrumbItem } from "#client/components/ui/breadcrumb.tsx";
import { PageLayout } from "#client/components/ui/page-layout.tsx";
import { pageTitle } from "#client/lib/titles.ts";
import { href } from "#client/lib/links.ts";
import type { MatchesFromRoot } from "#client/lib/root-data.ts";

/** The route title of every FAQ page (spec §2: "/faq … title FAQ, menu hidden"). */
export const FAQ_ROUTE_TITLE = "FAQ";

/**
 * FAQ page titles: "FAQ - {municipality}", and with a detail (the answer's title parameter with dashes turned into
 * spaces, the category, "Ricerca") "FAQ - {detail} - {municipality}".
 */
export function faqPageTitle(
  matches: MatchesFromRoot,
  detail?: string | null,
  description?: string | null,
): MetaDescriptor[] {
  return pageTitle(matches, detail ? `${FAQ_ROUTE_TITLE} - ${detail}` : FAQ_ROUTE_TITLE, description);
}

/** Breadcrumb items Home / FAQ / …rest (the last one is the current page). */
export function faqBreadcrumb(home: string, rest: BreadcrumbItem[]): BreadcrumbItem[] {
  return [{ name: home, href: href("/") }, { name: FAQ_ROUTE_TITLE, href: href("/faq") }, ...rest];
}

/** The frame of a FAQ page: breadcrumb, the `<h1 data-element="page-name">`, then the page's content. */
export function FaqPage({
  breadcrumb,
  title,
  lead,
  children,
}: {
  breadcrumb: BreadcrumbItem[];
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageLayout
      breadcrumb={breadcrumb}
      title={title}
      lead={lead}
      body="inline"
      columnClassName="px-lg-4 py-lg-2"
    >
      {children}
    </PageLayout>
  );
}
