import type { Key, ReactNode } from "react";
import { Link } from "react-router";
import { LoadFailed } from "./load-failed.tsx";
import { FOCUS_LIST } from "./use-focus-on-change.ts";

/** A list loaded from an upstream: its items, or `failed` when the upstream was down. */
export type LoadedList<T, Extra = object> =
  ({ status: "ok"; items: readonly T[] } & Extra) | { status: "failed" };

/**
 * Whether a list's filter is shown: when there is something in the list to filter, or a filter is applied (to change
 * it or take it away). Over a list the citizen has nothing in yet, or one that could not be loaded, a filter is noise
 * between the heading and what the section says.
 */
export function offersFilter(list: LoadedList<unknown>, filtered: boolean): boolean {
  return filtered || (list.status === "ok" && list.items.length > 0);
}

type CardListProps<T, Extra> = {
  list: LoadedList<T, Extra>;
  /** The alert's title when the list could not be loaded. */
  failedTitle: string;
  /** What an empty list says. */
  empty: string;
  /** The count line above the cards ("N of M shown"). */
  shown: (list: { items: readonly T[] } & Extra) => string;
  itemKey: (item: T) => Key;
  card: (item: T) => ReactNode;
  /** The paging links under the cards (`PageLink`s). */
  links: (list: { items: readonly T[] } & Extra) => ReactNode;
};

/**
 * A personal-area section's cards, two a row: the count line (a status), the list (focused when its filter or its
 * length changes, `useListFocus`), the paging links; or why there are none (empty, or the upstream down).
 */
export function CardList<T, Extra = object>(props: CardListProps<T, Extra>) {
  const { list } = props;
  if (list.status === "failed") return <LoadFailed title={props.failedTitle} />;
  if (list.items.length === 0) return <p role="status">{props.empty}</p>;
  return (
    <>
      <p role="status" className="small">
        {props.shown(list)}
      </p>
      <ul {...FOCUS_LIST} className="list-unstyled row g-3">
        {list.items.map((item) => (
          <li key={props.itemKey(item)} className="col-12 col-lg-6">
            {props.card(item)}
          </li>
        ))}
      </ul>
      {props.links(list)}
    </>
  );
}

/** A list's "Vedi altri …" / "Vedi meno …": a GET link that keeps the page's scroll. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className="btn btn-outline-primary" preventScrollReset to={to}>
      {children}
    </Link>
  );
}
