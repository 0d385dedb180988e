import { Link, Outlet, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/layout";
import { Callout } from "#client/components/ui/callout.tsx";
import { ErrorPage } from "#client/components/error-page/error-page.tsx";
import { faqErrorKind } from "#client/features/faq/faq-errors.ts";
import { caughtStatus } from "#shared/route-error.ts";
import { FaqPage, faqBreadcrumb, faqPageTitle } from "#client/features/faq/faq-page.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { href } from "#client/lib/links.ts";

/** Spec §2: the FAQ pages have the title "FAQ" and no navigation menu in the header. */
export const handle = { ...routeHandle("faq.routeTitle"), hideMenu: true };

export const meta: Route.MetaFunction = ({ matches, error }) => {
  const kind = faqErrorKind(error);
  if (kind === "answer-not-found") return pageTitle(matches, metaT(matches)("faq.notFound.title"));
  if (kind === "category-not-found") return pageTitle(matches, metaT(matches)("faq.categoryNotFound.title"));
  if (error && !kind && isRouteErrorResponse(error) && error.status === 404)
    return pageTitle(matches, metaT(matches)("error.404.title"));
  return faqPageTitle(matches);
};

export default function FaqLayout() {
  return <Outlet />;
}

/**
 * Errors of the FAQ pages stay inside the portal frame (header and footer come from the root): an unknown question
 * or category is a 404 page, a knowledge base that does not answer is a 503 with a message to retry later.
 */
export function ErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  const kind = faqErrorKind(error);
  if (kind === "unavailable") {
    return (
      <FaqPage breadcrumb={faqBreadcrumb(t("common.home"), [])} title={t("faq.title")}>
        <Callout variant="warning" title={t("callout.warning")}>
          <p className="mb-0">{t("faq.unavailable")}</p>
        </Callout>
      </FaqPage>
    );
  }
  if (kind === "answer-not-found" || kind === "category-not-found") {
    const texts =
      kind === "answer-not-found"
        ? { title: t("faq.notFound.title"), text: t("faq.notFound.text") }
        : { title: t("faq.categoryNotFound.title"), text: t("faq.categoryNotFound.text") };
    return (
      <FaqPage
        breadcrumb={faqBreadcrumb(t("common.home"), [{ name: texts.title }])}
        title={texts.title}
        lead={texts.text}
      >
        <p className="text-secondary">404</p>
        <Link className="btn btn-primary" to={href("/faq")}>
          {t("faq.backToFaq")}
        </Link>
      </FaqPage>
    );
  }
  return <ErrorPage status={caughtStatus(error)} />;
}
