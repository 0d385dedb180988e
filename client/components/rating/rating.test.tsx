// @vitest-environment happy-dom
import { act, fireEvent } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { I18nProvider } from "#client/i18n/i18n-context.tsx";
import { HydrationProvider } from "#client/components/ui/use-hydrated.tsx";
import { FEEDBACK_OPTIONS } from "#shared/api/feedback.ts";
import { byDataElement, renderPage } from "#tests/support/render.tsx";
import { Rating, type RatingProps } from "./rating.tsx";
import { followUpAnswers, isOptionConsistent } from "./rating-types.ts";

const props: RatingProps = { pagePath: "/faq", pageTitle: "FAQ", xsrfToken: "tok" };
const render = (extra: Partial<RatingProps> = {}, hydrate = false) =>
  renderPage(<Rating {...props} {...extra} />, { url: "/faq", hydrate });
const textsOf = (container: HTMLElement, value: string) =>
  byDataElement(container, value).map((element) => element.textContent?.trim());
const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement;

test("the component carries the feedback data-elements with the page question", () => {
  const page = render();
  expect(byDataElement(page.container, "feedback")).toHaveLength(1);
  expect(textsOf(page.container, "feedback-title")).toEqual([
    "Quanto sono chiare le informazioni su questa pagina?",
  ]);
  expect(
    page.getByRole("heading", { name: "Quanto sono chiare le informazioni su questa pagina?" }),
  ).toBeTruthy();
  for (const n of [1, 2, 3, 4, 5]) {
    const [label] = byDataElement(page.container, `feedback-rate-${n}`);
    expect(label?.tagName, `star ${n}`).toBe("LABEL");
    const name = n === 1 ? "Valuta 1 stella su 5" : `Valuta ${n} stelle su 5`;
    const star = page.getByRole("radio", { name }) as HTMLInputElement;
    expect(star.name).toBe("rating");
  }
  expect(page.getByRole("group", { name: "Valuta da 1 a 5 stelle la pagina" })).toBeTruthy();
  const [details] = byDataElement(page.container, "feedback-input-text");
  expect(details?.tagName).toBe("TEXTAREA");
  expect(details?.getAttribute("name")).toBe("details");
  expect(details?.getAttribute("maxlength")).toBe("200");
});

test("before a choice no follow-up is sent (the page stays light); the free text is there for the checker", () => {
  const page = render();
  expect(byDataElement(page.container, "feedback-rating-negative")).toHaveLength(0);
  expect(byDataElement(page.container, "feedback-rating-positive")).toHaveLength(0);
  expect(byDataElement(page.container, "feedback-input-text")).toHaveLength(1);
});

test("once a star is clicked both follow-up fieldsets are in the page with the exact Modello Comuni texts", () => {
  const page = render({}, true);
  fireEvent.click(page.getByRole("radio", { name: "Valuta 2 stelle su 5" }));
  const negative = byDataElement(page.container, "feedback-rating-negative")[0] as HTMLFieldSetElement;
  const positive = byDataElement(page.container, "feedback-rating-positive")[0] as HTMLFieldSetElement;
  expect(negative.tagName).toBe("FIELDSET");
  expect(positive.tagName).toBe("FIELDSET");
  expect(negative.hidden || negative.disabled).toBe(false);
  expect(positive.hidden && positive.disabled).toBe(true);
  expect(textsOf(page.container, "feedback-rating-question")).toEqual([
    "Dove hai incontrato le maggiori difficoltà?",
    "Quali sono stati gli aspetti che hai preferito?",
  ]);
  expect(textsOf(page.container, "feedback-rating-answer")).toEqual([
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
  fireEvent.click(page.getByRole("radio", { name: "Valuta 4 stelle su 5" }));
  expect(negative.hidden && negative.disabled).toBe(true);
  expect(positive.hidden || positive.disabled).toBe(false);
});

test("a star clicked before hydration shows its follow-up once the page has hydrated", () => {
  const page = render();
  (page.getByRole("radio", { name: "Valuta 5 stelle su 5" }) as HTMLInputElement).checked = true;
  const Stub = createRoutesStub([{ path: "*", Component: () => <Rating {...props} /> }]);
  act(() => {
    hydrateRoot(
      page.container,
      <HydrationProvider>
        <I18nProvider locale="it">
          <Stub initialEntries={["/faq"]} />
        </I18nProvider>
      </HydrationProvider>,
      { onRecoverableError: (error) => console.error("Recoverable React error while hydrating:", error) },
    );
  });
  const positive = byDataElement(page.container, "feedback-rating-positive")[0] as HTMLFieldSetElement;
  expect(positive.hidden || positive.disabled).toBe(false);
  expect(byDataElement(page.container, "feedback-rating-negative")[0]?.hidden).toBe(true);
});

test("the form posts to /valutazione with the page, the token and a hidden honeypot", () => {
  const page = render();
  const form = page.container.querySelector("form")!;
  expect(form.getAttribute("method")).toBe("post");
  expect(form.getAttribute("action")).toBe("/valutazione");
  expect(field(form, "pagePath").value).toBe("/faq");
  expect(field(form, "pageTitle").value).toBe("FAQ");
  expect(field(form, "_xsrf").value).toBe("tok");
  const honeypot = page.getByLabelText("Non compilare questo campo") as HTMLInputElement;
  expect(honeypot.name).toBe("bind");
  expect(honeypot.tabIndex).toBe(-1);
  expect(honeypot.getAttribute("autocomplete")).toBe("off");
  expect(honeypot.closest('[aria-hidden="true"]')?.classList).toContain("visually-hidden");
  expect(page.getByRole("button", { name: "Invia" }).getAttribute("type")).toBe("submit");
});

test("service end pages ask how easy the service was", () => {
  expect(
    render({ variant: "service" }).getByText("Quanto è stato facile usare questo servizio?"),
  ).toBeTruthy();
  expect(
    render({ title: "Titolo su misura" }).getByRole("heading", { name: "Titolo su misura" }),
  ).toBeTruthy();
});

test("after a submission without JavaScript the thanks replace the form", () => {
  const page = render({ submitted: true });
  expect(page.getByRole("status").textContent).toBe(
    "Grazie, il tuo parere ci aiuterà a migliorare il servizio!",
  );
  expect(page.container.querySelector("form")).toBeNull();
  expect(byDataElement(page.container, "feedback")).toHaveLength(1);
});

test("errors and values of a submission without JavaScript are shown next to the fields", () => {
  const page = render({
    values: { rating: 2, details: "lento" },
    errors: { option: "Seleziona una delle risposte." },
  });
  const negative = byDataElement(page.container, "feedback-rating-negative")[0]!;
  const error = page.getByText("Seleziona una delle risposte.", { selector: "div" });
  expect(negative.getAttribute("aria-describedby")).toBe(error.id);
  // Each answer says it too (inside the group a screen reader may not read the fieldset's description).
  const answer = page.getByRole("radio", { name: "A volte le indicazioni non erano chiare" });
  expect(answer.getAttribute("aria-invalid")).toBe("true");
  expect(answer.getAttribute("aria-describedby")).toBe(error.id);
  // Above the form, the error summary leads to the first answer of the question shown.
  const link = page.getByRole("link", { name: "Seleziona una delle risposte." });
  const target = page.container.querySelector(link.getAttribute("href")!.replace(/^#(.*)$/, '[id="$1"]'));
  expect(target).toBe(page.getByRole("radio", { name: "A volte le indicazioni non erano chiare" }));
  expect((page.getByRole("radio", { name: "Valuta 2 stelle su 5" }) as HTMLInputElement).checked).toBe(true);
  expect((page.getByRole("textbox", { name: /lento|Dettagli|dettagli/ }) as HTMLTextAreaElement).value).toBe(
    "lento",
  );
  // Both questions stay enabled, CSS showing the checked star's: another star chosen on this form finds its own.
  const positive = byDataElement(page.container, "feedback-rating-positive")[0]!;
  expect(positive.hasAttribute("hidden") || positive.hasAttribute("disabled")).toBe(false);
  expect(negative.hasAttribute("hidden")).toBe(false);
});

test("once hydrated, the follow-up of the other group is hidden and disabled so its answer is not sent", () => {
  const page = render({ values: { rating: 5 } }, true);
  const negative = byDataElement(page.container, "feedback-rating-negative")[0] as HTMLFieldSetElement;
  const positive = byDataElement(page.container, "feedback-rating-positive")[0] as HTMLFieldSetElement;
  expect(negative.hidden && negative.disabled).toBe(true);
  expect(positive.hidden || positive.disabled).toBe(false);
});

test("an option counts only for its rating group: ratings 1-3 the negative answers, 4-5 the positive ones", () => {
  const negative = followUpAnswers.negative.map((answer) => answer.value as string);
  const positive = followUpAnswers.positive.map((answer) => answer.value as string);
  for (const option of FEEDBACK_OPTIONS) {
    for (const rating of [1, 2, 3, 4, 5]) {
      const group = rating <= 3 ? negative : positive;
      expect(isOptionConsistent(rating, option), `${option} for ${rating}`).toBe(group.includes(option));
    }
  }
  expect(isOptionConsistent(3, "negativo1")).toBe(true);
  expect(isOptionConsistent(4, "negativo1")).toBe(false);
  expect(isOptionConsistent(4, "positivo1")).toBe(true);
  expect(isOptionConsistent(3, "positivo1")).toBe(false);
  expect(isOptionConsistent(1, "altro") && isOptionConsistent(5, "altro")).toBe(true);
  expect(isOptionConsistent(2, "sconosciuta")).toBe(false);
});
