import { z } from "zod";
import type { Servizio } from "#shared/api/tenant-config.ts";
import { categorySlug, UNCATEGORISED } from "#shared/service-groups.ts";
import { href, withQuery } from "#client/lib/links.ts";

/** Cards per "page": "Carica altri risultati" adds this many. */
export const PAGE_SIZE = 6;
export const QUERY_MAX = 100;

/** The catalogue's address: text, category (slug) and how many pages are shown. Bad values fall back. */
export const CatalogueQuerySchema = z.object({
  q: z.string().trim().max(QUERY_MAX).catch(""),
  categoria: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .nullable()
    .catch(null),
  pagina: z.coerce.number().int().min(1).max(100).catch(1),
});
export type CatalogueQuery = z.infer<typeof CatalogueQuerySchema>;

export function parseCatalogueQuery(search: URLSearchParams): CatalogueQuery {
  return CatalogueQuerySchema.parse({
    q: search.get("q") ?? "",
    categoria: search.get("categoria"),
    pagina: search.get("pagina") ?? 1,
  });
}

export type CatalogueCard = {
  id: string;
  nome: string;
  descrizione: string;
  categoria: string | null;
  href: string;
};

export type CatalogueCategory = { nome: string; slug: string; count: number; href: string };

export type CatalogueView = {
  query: string;
  category: { nome: string; slug: string } | null;
  categories: CatalogueCategory[];
  total: number;
  cards: CatalogueCard[];
  /** The first card added by the last "Carica altri risultati" (where the focus/scroll goes), if any. */
  firstNewCardId: string | null;
  /** "Carica altri risultati": the same address with one more page, or null when everything is shown. */
  loadMoreHref: string | null;
};

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

function categoriesOf(service: Servizio): string[] {
  return service.categorie.length ? service.categorie : [UNCATEGORISED];
}

/**
 * The services catalogue (Modello Comuni "Servizi"): every configured service as a card linking to its scheda
 * (`/servizi/:id`), filtered by category and by words (all must appear in name, description or category,
 * ignoring case and accents), by name; the first `pagina × PAGE_SIZE` cards.
 */
export function buildCatalogue(services: readonly Servizio[], query: CatalogueQuery): CatalogueView {
  const counts = new Map<string, number>();
  for (const s of services) for (const c of categoriesOf(s)) counts.set(c, (counts.get(c) ?? 0) + 1);
  const categories = [...counts.entries()]
    .sort(([a], [b]) => (a === UNCATEGORISED ? 1 : b === UNCATEGORISED ? -1 : a.localeCompare(b, "it")))
    .map(([nome, count]) => ({
      nome,
      slug: categorySlug(nome),
      count,
      href: withQuery(href("/servizi"), { categoria: categorySlug(nome) }),
    }));
  const selected = categories.find((c) => c.slug === query.categoria) ?? null;
  const words = fold(query.q).split(/\s+/).filter(Boolean);
  const matching = services
    .filter((s) => !selected || categoriesOf(s).includes(selected.nome))
    .filter((s) => {
      const haystack = fold([s.nome, s.descrizione, ...s.categorie].join(" "));
      return words.every((w) => haystack.includes(w));
    })
    .sort((a, b) => a.nome.localeCompare(b.nome, "it"));
  const shown = Math.min(matching.length, query.pagina * PAGE_SIZE);
  const cards = matching.slice(0, shown).map((s) => ({
    id: s.id,
    nome: s.nome,
    descrizione: s.descrizione,
    categoria: selected?.nome ?? s.categorie[0] ?? null,
    href: href("/servizi/:id", { id: s.id }),
  }));
  const next = shown < matching.length ? matching[shown] : undefined;
  return {
    query: query.q,
    category: selected ? { nome: selected.nome, slug: selected.slug } : null,
    categories,
    total: matching.length,
    cards,
    firstNewCardId:
      query.pagina > 1 && shown > (query.pagina - 1) * PAGE_SIZE
        ? cards[(query.pagina - 1) * PAGE_SIZE]!.id
        : null,
    loadMoreHref: next
      ? withQuery(
          href("/servizi"),
          { q: query.q, categoria: selected?.slug, pagina: query.pagina + 1 },
          `servizio-${next.id}`,
        )
      : null,
  };
}
