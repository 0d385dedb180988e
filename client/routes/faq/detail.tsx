import { Link } from "react-router";
import type { Route } from "./+types/detail";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { loadFaqAnswer } from "#client/features/faq/faq-data.server.ts";
import { FaqQuestionList } from "#client/features/faq/faq-lists.tsx";
import { faqCategoryHref, metaTitleText } from "#client/lib/faq-links.ts";
import { FaqPage, faqBreadcrumb, faqPageTitle, FAQ_ROUTE_TITLE } from "#client/features/faq/faq-page.tsx";
import { ContentText, useContentLang, useT } from "#client/i18n/i18n-context.tsx";
import { PUBLIC_PAGE, htmlText } from "#client/lib/titles.ts";
import { getServices } from "#client/lib/services.ts";
import { href } from "#client/lib/links.ts";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  return loadFaqAnswer(getServices(context).api.knowledgeBase, params.id, url.searchParams.get("categoria"));
}

/**
 * "FAQ - {title parameter, dashes turned into spaces} - {municipality}" (spec §2); on `:id/dettagli/` without the
 * parameter the answer's own title takes its place.
 */
export const handle = PUBLIC_PAGE;

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  faqPageTitle(
    matches,
    metaTitleText(params.metaTitle) ?? loaderData?.answer.title,
    loaderData ? htmlText(loaderData.answer.body) : null,
  );

/** `/faq/:id/dettagli/:metaTitle?`: one answer of the knowledge base. */
export default function FaqDetail({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useContentLang();
  const { answer, category, ancestors, related } = loaderData;
  return (
    <>
      <FaqPage
        breadcrumb={faqBreadcrumb(t("common.home"), [
          ...ancestors.map((a) => ({ name: a.name, href: faqCategoryHref(a.id), content: true })),
          { name: category.name, href: faqCategoryHref(category.id), content: true },
          { name: answer.title, content: true },
        ])}
        title={<ContentText>{answer.title}</ContentText>}
      >
        {/* The body is HTML from the knowledge base, sanitised on the server (sanitize-html) before it gets here. */}
        <div lang={lang} className="faq-answer mb-5" dangerouslySetInnerHTML={{ __html: answer.body }} />
        {related.length > 0 ? (
          <section aria-labelledby="faq-correlate" className="mb-4">
            <h2 id="faq-correlate" className="h4 mb-3">
              {t("faq.backToCategory", { name: category.name })}
            </h2>
            <FaqQuestionList questions={related.map((r) => ({ ...r, categoryId: category.id }))} />
          </section>
        ) : null}
        <Link to={href("/faq")}>{t("faq.backToFaq")}</Link>
      </FaqPage>
      <PageEnd title={`${FAQ_ROUTE_TITLE} - ${answer.title}`} />
    </>
  );
}
