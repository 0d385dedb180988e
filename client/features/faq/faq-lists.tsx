import { Link } from "react-router";
import { Icon } from "#client/components/ui/icon.tsx";
import { useContentLang } from "#client/i18n/i18n-context.tsx";
import { faqAnswerHref, faqCategoryHref } from "#client/lib/faq-links.ts";

type Named = { id: number; name: string };

/** Categories (or sub-categories) as bootstrap-italia cards linking to `/faq?categoria=<id>`. */
export function FaqCategoryCards({
  categories,
  headingLevel = "h3",
}: {
  categories: Named[];
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const lang = useContentLang();
  return (
    <ul className="row g-3 list-unstyled mb-0">
      {categories.map((category) => (
        <li key={category.id} className="col-12 col-md-6 col-lg-4">
          <div className="card card-bg rounded shadow-sm h-100 no-after">
            <div className="card-body d-flex align-items-center gap-2">
              <Icon name="it-folder" className="icon-primary icon-sm flex-shrink-0" />
              <Heading className="card-title h5 mb-0">
                <Link className="text-decoration-none" to={faqCategoryHref(category.id)} lang={lang}>
                  {category.name}
                </Link>
              </Heading>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export type FaqQuestionItem = {
  id: number;
  title: string;
  subtitle?: string | null;
  categoryId: number | null;
};

/** Questions as a list of links to their answer pages (with their category when known); search results add their path. */
export function FaqQuestionList({ questions }: { questions: FaqQuestionItem[] }) {
  const lang = useContentLang();
  return (
    <ul className="list-unstyled mb-0 border-top">
      {questions.map((q) => (
        <li key={q.id} className="d-flex align-items-start gap-2 py-3 border-bottom">
          <Icon name="it-help-circle" className="icon-primary icon-sm flex-shrink-0 mt-1" />
          <div lang={lang}>
            <Link className="fw-semibold" to={faqAnswerHref(q, q.categoryId)}>
              {q.title}
            </Link>
            {q.subtitle ? <div className="text-secondary small mt-1">{q.subtitle}</div> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
