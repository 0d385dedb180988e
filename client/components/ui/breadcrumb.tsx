import { useT } from "#client/i18n/i18n-context.tsx";

export type BreadcrumbItem = { name: string; href?: string };

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
              {item.href && !last ? <a href={item.href}>{item.name}</a> : item.name}
              {last ? null : <span className="separator">/</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
