import { expect, test } from "vitest";
import { findByDataElement, renderToHtml } from "#client/components/ui/testing/render-to-html.tsx";
import { Rating, type RatingProps } from "./rating.tsx";
import { isOptionConsistent } from "./rating-types.ts";

const props: RatingProps = { pagePath: "/faq", pageTitle: "FAQ", xsrfToken: "tok" };
const html = renderToHtml(<Rating {...props} />, { url: "/faq" });

const textOf = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, "")
    .replace(/<!-- -->/g, "")
    .trim();
/** The text content of every element carrying `data-element="<value>"` (no nesting of the same tag assumed). */
const textsOf = (value: string) =>
  [...html.matchAll(new RegExp(`<([a-z0-9]+)[^>]*data-element="${value}"[^>]*>([\\s\\S]*?)</\\1>`, "g"))].map(
    (m) => textOf(m[2] ?? ""),
  );

test("the component carries the feedback data-elements with the page question", () => {
  expect(findByDataElement(html, "feedback")).toHaveLength(1);
  expect(textsOf("feedback-title")).toEqual(["Quanto sono chiare le informazioni su questa pagina?"]);
  for (const n of [1, 2, 3, 4, 5]) {
    const [label] = findByDataElement(html, `feedback-rate-${n}`);
    expect(label, `star ${n}`).toMatch(/^<label /);
  }
  expect(html).toContain("Valuta da 1 a 5 stelle la pagina");
  expect(html).toContain("Valuta 4 stelle su 5");
  expect(html.match(/<input type="radio"[^>]*name="rating"/g)).toHaveLength(5);
  expect(findByDataElement(html, "feedback-input-text")[0]).toMatch(/^<textarea [^>]*name="details"/);
  expect(findByDataElement(html, "feedback-input-text")[0]).toContain('maxLength="200"');
});

test("both follow-up fieldsets are in the page with the exact Modello Comuni texts", () => {
  expect(findByDataElement(html, "feedback-rating-negative")[0]).toMatch(/^<fieldset /);
  expect(findByDataElement(html, "feedback-rating-positive")[0]).toMatch(/^<fieldset /);
  expect(textsOf("feedback-rating-question")).toEqual([
    "Dove hai incontrato le maggiori difficoltà?",
    "Quali sono stati gli aspetti che hai preferito?",
  ]);
  expect(textsOf("feedback-rating-answer")).toEqual([
    "A volte le indicazioni non erano chiare",
    "A volte le indicazioni non erano complete",
    "A volte non capivo se stavo procedendo correttamente",
    "Ho avuto problemi tecnici",
    "Altro",
    "Le indicazioni erano chiare",
    "Le indicazioni erano complete",
    "Capivo sempre che stavo procedendo correttamente",
    "Non ho avuto problemi tecnici",
    "Altro",
  ]);
});

test("before a choice neither follow-up is hidden by attribute (CSS decides, so it works without JavaScript)", () => {
  for (const fieldset of html.match(/<fieldset [^>]*rating-followup[^>]*>/g) ?? []) {
    expect(fieldset).not.toMatch(/ hidden| disabled/);
    expect(fieldset).not.toContain("d-none");
  }
});

test("the form posts to /valutazione with the page, the token and a hidden honeypot", () => {
  expect(html).toMatch(
    /<form [^>]*action="\/valutazione"|<form [^>]*method="post"[^>]*action="\/valutazione"/,
  );
  expect(html).toContain('name="pagePath" value="/faq"');
  expect(html).toContain('name="pageTitle" value="FAQ"');
  expect(html).toContain('name="_xsrf" value="tok"');
  const honeypot = html.match(
    /<div class="visually-hidden" aria-hidden="true"><label [^>]*>Non compilare questo campo<\/label>(<input [^>]*>)/,
  )?.[1];
  expect(honeypot).toMatch(/name="bind"/);
  expect(honeypot).toMatch(/tabindex="-1"/);
  expect(honeypot).toMatch(/autoComplete="off"/);
  expect(html).toMatch(/<button type="submit" class="btn btn-primary">Invia<\/button>/);
});

test("service end pages ask how easy the service was", () => {
  const service = renderToHtml(<Rating {...props} variant="service" />);
  expect(service).toContain("Quanto è stato facile usare questo servizio?");
  const custom = renderToHtml(<Rating {...props} title="Titolo su misura" />);
  expect(custom).toContain("Titolo su misura");
});

test("after a submission without JavaScript the thanks replace the form", () => {
  const done = renderToHtml(<Rating {...props} submitted />);
  expect(done).toContain("Grazie, il tuo parere ci aiuterà a migliorare il servizio!");
  expect(done).toMatch(/<div role="status"><p/);
  expect(done).not.toContain("<form");
  expect(findByDataElement(done, "feedback")).toHaveLength(1);
});

test("errors and values of a submission without JavaScript are shown next to the fields", () => {
  const failed = renderToHtml(
    <Rating
      {...props}
      values={{ rating: 2, details: "lento" }}
      errors={{ option: "Seleziona una delle risposte." }}
    />,
  );
  expect(failed).toContain("Seleziona una delle risposte.");
  expect(failed).toMatch(/<input type="radio" [^>]*name="rating" checked="" value="2"/);
  expect(failed).toContain(">lento</textarea>");
  expect(findByDataElement(failed, "feedback-rating-positive")[0]).toMatch(/hidden=""/);
  expect(findByDataElement(failed, "feedback-rating-negative")[0]).not.toMatch(/hidden=""/);
});

test("an option counts only for its rating group", () => {
  expect(isOptionConsistent(2, "negativo3")).toBe(true);
  expect(isOptionConsistent(2, "positivo1")).toBe(false);
  expect(isOptionConsistent(5, "altro")).toBe(true);
});
