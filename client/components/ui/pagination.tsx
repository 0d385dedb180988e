import { useT } from "#client/i18n/i18n-context.tsx";
import { Icon } from "./icon.tsx";

export type PaginationProps = {
  /** The current page, counting from 1. */
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  /** Name of the navigation landmark (default "Navigazione delle pagine"). */
  label?: string;
};

/** Pages to show: first, last, the current one and its neighbours; `null` marks a gap. */
export function getPageWindow(page: number, totalPages: number): Array<number | null> {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...wanted].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - (sorted[i - 1] ?? p) > 1 ? [null, p] : [p]));
}

/** bootstrap-italia pagination with real links (`data-element="pager-link"`), usable without JavaScript. */
export function Pagination({ page, totalPages, hrefFor, label }: PaginationProps) {
  const t = useT();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination-wrapper" aria-label={label ?? t("pagination.label")}>
      <ul className="pagination">
        <PagerArrow
          target={page > 1 ? hrefFor(page - 1) : null}
          icon="it-chevron-left"
          label={t("pagination.previous")}
        />
        {getPageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="page-item">
              <span className="page-link" aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={p} className={p === page ? "page-item active" : "page-item"}>
              <a
                className="page-link"
                href={hrefFor(p)}
                data-element="pager-link"
                aria-current={p === page ? "page" : undefined}
              >
                <span className="visually-hidden">{t("pagination.page")} </span>
                {p}
              </a>
            </li>
          ),
        )}
        <PagerArrow
          target={page < totalPages ? hrefFor(page + 1) : null}
          icon="it-chevron-right"
          label={t("pagination.next")}
        />
      </ul>
    </nav>
  );
}

function PagerArrow({ target, icon, label }: { target: string | null; icon: `it-${string}`; label: string }) {
  const content = (
    <>
      <Icon name={icon} className="icon-primary" />
      <span className="visually-hidden">{label}</span>
    </>
  );
  return (
    <li className={target ? "page-item" : "page-item disabled"}>
      {target ? (
        <a className="page-link" href={target} data-element="pager-link">
          {content}
        </a>
      ) : (
        <span className="page-link">{content}</span>
      )}
    </li>
  );
}
