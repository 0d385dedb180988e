import { ContentText, useT } from "#client/i18n/i18n-context.tsx";

export type BreadcrumbItem = {
  name: string;
  href?: string;
  /** The name is the municipality's own text (a service, a category, a topic): marked Italian on an English page. */
  content?: boolean;
};

/**
 * The Modello Comuni breadcrumb (`data-element="breadcrumb"`). The last item is the current page. For a scheda
 * servizio the AGID checker wants Home / Servizi / Categoria / Servizio.
 */
export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  const t = useT();
  return (
    <nav className="breadcrumb-container" aria-label={t("breadcrumb.label")}>
      <ol className="breadcrumb p-0" data-element="breadcrumb">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li
              key={`${index}-${item.name}`}
              className={last ? "breadcrumb-item active" : "breadcrumb-item"}
              aria-current={last ? "page" : undefined}
            >
              {item.href && !last ? <a href={item.href}>{breadcrumbName(item)}</a> : breadcrumbName(item)}
              {last ? null : <span className="separator">/</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function breadcrumbName(item: BreadcrumbItem) {
  return item.content ? <ContentText>{item.name}</ContentText> : item.name;
}
