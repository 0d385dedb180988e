export type PageIndexItem = { id: string; title: string };

/**
 * "Indice della pagina" of the Modello Comuni (bootstrap-italia `cmp-navscroll` with a `link-list`): the sections of
 * a long page as in-page links, one per line. The scheda servizio, the appointment confirmation and the Attività tab
 * use it; `dataElement` carries the model's `page-index` where the conformance checker expects it.
 */
export function PageIndex({
  id,
  title,
  items,
  dataElement,
  className,
  headingAs: Heading = "h2",
}: {
  /** The heading's id (the navigation is labelled by it). */
  id: string;
  title: string;
  items: PageIndexItem[];
  dataElement?: string;
  className?: string;
  /** The heading's level where the page's sections sit below an h2 (the personal area's tabs). */
  headingAs?: "h2" | "h3";
}) {
  return (
    <nav className={className ? `cmp-navscroll ${className}` : "cmp-navscroll"} aria-labelledby={id}>
      <Heading id={id} className="h6 text-uppercase mb-2">
        {title}
      </Heading>
      <div className="link-list-wrapper">
        <ul className="link-list" data-element={dataElement}>
          {items.map((item) => (
            <li key={item.id} className="nav-item">
              <a className="nav-link px-0" href={`#${item.id}`}>
                <span className="title-medium">{item.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
