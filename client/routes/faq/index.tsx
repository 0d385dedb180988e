import { Link } from "react-router";
import type { Route } from "./+types/index";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { loadFaqIndex } from "#client/features/faq/faq-data.server.ts";
import { FaqCategoryCards, FaqQuestionList } from "#client/features/faq/faq-lists.tsx";
import { faqCategoryHref } from "#client/lib/faq-links.ts";
import { FaqPage, faqBreadcrumb, faqPageTitle, FAQ_ROUTE_TITLE } from "#client/features/faq/faq-page.tsx";
import { FaqSearchForm } from "#client/features/faq/faq-search-form.tsx";
import { ContentText, useT } from "#client/i18n/i18n-context.tsx";
import { getServices } from "#client/lib/services.ts";
import { href } from "#client/lib/links.ts";
import { PUBLIC_PAGE, metaT } from "#client/lib/titles.ts";

export const handle = PUBLIC_PAGE;

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadFaqIndex(getServices(context).api.knowledgeBase, url);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (loaderData?.view === "category") return faqPageTitle(matches, loaderData.category.name);
  if (loaderData?.view === "search") return faqPageTitle(matches, metaT(matches)("faq.searchPageTitle"));
  return faqPageTitle(matches, null, metaT(matches)("faq.lead"));
};

type FaqIndexData = Route.ComponentProps["loaderData"];

/** `/faq`: the categories and the search; `?q=` the search results; `?categoria=<id>` one category. */
export default function FaqIndex({ loaderData }: Route.ComponentProps) {
  switch (loaderData.view) {
    case "category":
      return <CategoryView data={loaderData} />;
    case "search":
      return <SearchResults data={loaderData} />;
    case "home":
      return <Categories categories={loaderData.categories} />;
  }
}

/** One category: its sub-categories and its questions. */
function CategoryView({ data }: { data: Extract<FaqIndexData, { view: "category" }> }) {
  const t = useT();
  const { category, ancestors, children, answers } = data;
  return (
    <>
      <FaqPage
        breadcrumb={faqBreadcrumb(t("common.home"), [
          ...ancestors.map((a) => ({ name: a.name, href: faqCategoryHref(a.id), content: true })),
          { name: category.name, content: true },
        ])}
        title={<ContentText>{category.name}</ContentText>}
      >
        <FaqSearchForm query="" />
        {children.length > 0 ? (
          <section className="mb-5" aria-labelledby="faq-sottocategorie">
            <h2 id="faq-sottocategorie" className="h4 mb-3">
              {t("faq.subcategories")}
            </h2>
            <FaqCategoryCards categories={children} />
          </section>
        ) : null}
        <section className="mb-4" aria-labelledby="faq-domande">
          <h2 id="faq-domande" className="h4 mb-3">
            {t("faq.questions")}
          </h2>
          {answers.length > 0 ? (
            <FaqQuestionList questions={answers.map((a) => ({ ...a, categoryId: category.id }))} />
          ) : (
            <p>{t("faq.noQuestions")}</p>
          )}
        </section>
        <Link to={href("/faq")}>{t("faq.allCategories")}</Link>
      </FaqPage>
      <PageEnd title={`${FAQ_ROUTE_TITLE} - ${category.name}`} />
    </>
  );
}

/** The search's results, or what to try when there are none. */
function SearchResults({ data }: { data: Extract<FaqIndexData, { view: "search" }> }) {
  const t = useT();
  const { query, results } = data;
  const summary =
    results.length === 0
      ? t("faq.resultsNone", { query })
      : t("faq.results", { query, count: results.length });
  return (
    <>
      <FaqPage
        breadcrumb={faqBreadcrumb(t("common.home"), [{ name: t("faq.resultsTitle") }])}
        title={t("faq.title")}
      >
        <FaqSearchForm query={query} />
        <section aria-labelledby="faq-risultati" className="mb-4">
          <h2 id="faq-risultati" className="h4 mb-2">
            {t("faq.resultsTitle")}
          </h2>
          <p role="status" data-testid="faq-results-summary">
            {summary}
          </p>
          {results.length > 0 ? <FaqQuestionList questions={results} /> : <p>{t("faq.resultsHint")}</p>}
        </section>
        <Link to={href("/faq")}>{t("faq.allCategories")}</Link>
      </FaqPage>
      <PageEnd title={FAQ_ROUTE_TITLE} />
    </>
  );
}

/** The FAQ's home: the search and the top categories. */
function Categories({ categories }: { categories: Extract<FaqIndexData, { view: "home" }>["categories"] }) {
  const t = useT();
  return (
    <>
      <FaqPage breadcrumb={faqBreadcrumb(t("common.home"), [])} title={t("faq.title")} lead={t("faq.lead")}>
        <FaqSearchForm query="" />
        <section aria-labelledby="faq-categorie">
          <h2 id="faq-categorie" className="h4 mb-3">
            {t("faq.categories")}
          </h2>
          {categories.length > 0 ? (
            <FaqCategoryCards categories={categories} />
          ) : (
            <p>{t("faq.noCategories")}</p>
          )}
        </section>
      </FaqPage>
      <PageEnd title={FAQ_ROUTE_TITLE} />
    </>
  );
}
