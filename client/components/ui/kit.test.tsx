// @vitest-environment happy-dom
import { expect, test } from "vitest";
import { renderPage } from "#tests/support/render.tsx";
import { CardList, PageLink } from "./card-list.tsx";
import { CheckboxField, CheckboxGroup, RadioGroup } from "./choice-fields.tsx";
import { FilterForm, SearchForm } from "./filter-form.tsx";
import { formFields } from "./form-fields.ts";
import { OneTimeCodeField } from "./one-time-code-field.tsx";
import { ONE_TIME_CODE_PATTERN } from "#shared/validation/one-time-code.ts";
import { PageLayout } from "./page-layout.tsx";

test("PageLayout: breadcrumb with the current page, the page-name heading, the lead, the content and what follows", () => {
  const page = renderPage(
    <PageLayout
      breadcrumb={[{ name: "Home", href: "/" }, { name: "Pagamenti" }]}
      title="Pagamenti"
      lead="Paga online"
      after={<p>Valuta questo servizio</p>}
    >
      <p>Contenuto</p>
    </PageLayout>,
  );
  const nav = page.getByRole("navigation");
  expect(nav.querySelector('[aria-current="page"]')?.textContent).toContain("Pagamenti");
  const heading = page.getByRole("heading", { level: 1, name: "Pagamenti" });
  expect(heading.getAttribute("data-element")).toBe("page-name");
  expect(page.getByText("Paga online").className).toBe("lead");
  expect(page.getByText("Contenuto")).toBeTruthy();
  expect(page.getByText("Valuta questo servizio").closest(".container")).toBeNull();
});

test("FilterForm: a GET form named for assistive technology, keeping the other lists' query, with one submit", () => {
  const page = renderPage(
    <FilterForm label="Filtra le richieste" submitLabel="Applica" keep={{ "stato-pratica": "bozze" }}>
      <div className="col-12">
        <label htmlFor="f">Stato</label>
        <input id="f" name="stato" />
      </div>
    </FilterForm>,
  );
  const form = page.getByRole("form", { name: "Filtra le richieste" }) as HTMLFormElement;
  expect(form.getAttribute("method")).toBe("get");
  expect(form.querySelector<HTMLInputElement>('input[type="hidden"][name="stato-pratica"]')?.value).toBe(
    "bozze",
  );
  expect(page.getAllByRole("button")).toHaveLength(1);
  expect(page.getByRole("button", { name: "Applica" }).getAttribute("type")).toBe("submit");
});

test("FilterForm with a title: the heading names the form; the reset link is there only when given", () => {
  const page = renderPage(
    <>
      <FilterForm
        title="Filtra le notifiche"
        submitLabel="Applica filtri"
        reset={{ label: "Azzera filtri", href: "/area-personale/messaggi" }}
      >
        <div className="col-12">
          <label htmlFor="s">Stato</label>
          <input id="s" name="stato" />
        </div>
      </FilterForm>
      <FilterForm label="Filtra le deleghe" submitLabel="Filtra">
        <div className="col-12">
          <label htmlFor="d">Servizio</label>
          <input id="d" name="servizio" />
        </div>
      </FilterForm>
    </>,
  );
  const form = page.getByRole("form", { name: "Filtra le notifiche" });
  expect(form.getAttribute("method")).toBe("get");
  const heading = page.getByRole("heading", { level: 3, name: "Filtra le notifiche" });
  expect(form.contains(heading)).toBe(true);
  const reset = page.getByRole("link", { name: "Azzera filtri" });
  expect(reset.getAttribute("href")).toBe("/area-personale/messaggi");
  expect(form.contains(reset)).toBe(true);
  const other = page.getByRole("form", { name: "Filtra le deleghe" });
  expect(other.querySelector("a")).toBeNull();
  expect(page.getAllByRole("link")).toHaveLength(1);
});

test("FilterForm, the card look: a search landmark named by its heading at the level asked, the primary button", () => {
  const page = renderPage(
    <FilterForm
      look="card"
      search
      title="Filtra i documenti"
      titleLevel={2}
      submitLabel="Cerca"
      reset={{ label: "Azzera filtri", href: "/area-personale/documenti" }}
    >
      <div className="col-12">
        <label htmlFor="q">Descrizione</label>
        <input id="q" name="descrizione" />
      </div>
    </FilterForm>,
  );
  const search = page.getByRole("search", { name: "Filtra i documenti" });
  expect(search.getAttribute("method")).toBe("get");
  expect(search.classList.contains("card")).toBe(true);
  expect(page.getByRole("heading", { level: 2, name: "Filtra i documenti" })).toBeTruthy();
  expect(page.queryByRole("form")).toBeNull();
  const button = page.getByRole("button", { name: "Cerca" });
  expect(button.getAttribute("type")).toBe("submit");
  expect(button.classList.contains("btn-primary")).toBe(true);
  expect(page.getByRole("link", { name: "Azzera filtri" }).getAttribute("href")).toBe(
    "/area-personale/documenti",
  );
  expect((page.getByLabelText("Descrizione") as HTMLInputElement).form).toBe(search);
});

test("SearchForm: a search landmark whose labelled field shows the text searched for", () => {
  const page = renderPage(
    <SearchForm
      action="/faq"
      label="Cerca nelle FAQ"
      submitLabel="Cerca"
      query="<b>tari</b>"
      maxLength={100}
    />,
  );
  const search = page.getByRole("search");
  expect(search.getAttribute("method")).toBe("get");
  const field = page.getByLabelText("Cerca nelle FAQ") as HTMLInputElement;
  expect(field.name).toBe("q");
  expect(field.value).toBe("<b>tari</b>");
  expect(search.querySelector("b")).toBeNull();
});

test("CheckboxField and RadioGroup tie their error (and hint) to the controls and mark them invalid", () => {
  const page = renderPage(
    <>
      <CheckboxField
        id="privacy"
        name="privacy"
        label="Accetto"
        required
        error="Va accettata"
        hint="Leggi prima"
      />
      <RadioGroup
        name="ora"
        idPrefix="ora"
        legend="Orario"
        options={[
          { value: "9", label: "9:00" },
          { value: "10", label: "10:00" },
        ]}
        value="10"
        error="Scegli un orario"
      />
    </>,
  );
  const box = page.getByRole("checkbox", { name: /Accetto/ });
  expect(box.getAttribute("aria-invalid")).toBe("true");
  expect(box.getAttribute("aria-describedby")).toBe("privacy-hint privacy-error");
  expect(page.getByText("Va accettata").id).toBe("privacy-error");
  expect(page.getByText("Va accettata").className).toBe("invalid-feedback d-block");
  const radios = page.getAllByRole("radio");
  expect(radios.map((r) => (r as HTMLInputElement).checked)).toEqual([false, true]);
  for (const radio of radios) expect(radio.getAttribute("aria-describedby")).toBe("ora-error");
  expect(page.getByRole("group", { name: "Orario" })).toBeTruthy();
});

test("CheckboxGroup: one name, a box per option with its own hint, the group's error on the fieldset and every box", () => {
  const page = renderPage(
    <CheckboxGroup
      name="servizi"
      idPrefix="servizio"
      legend="Servizi da delegare"
      options={[
        { value: "101", label: "Carta d'identità", hint: "Serve il documento" },
        { value: "109", label: "Contrassegno disabili" },
      ]}
      checked={["109"]}
      required
      error="Scegli almeno un servizio"
    />,
  );
  const group = page.getByRole("group", { name: /Servizi da delegare/ });
  expect(group.getAttribute("aria-describedby")).toBe("servizio-error");
  const boxes = page.getAllByRole("checkbox") as HTMLInputElement[];
  expect(boxes.map((b) => [b.id, b.name, b.value, b.checked])).toEqual([
    ["servizio-101", "servizi", "101", false],
    ["servizio-109", "servizi", "109", true],
  ]);
  expect(boxes.map((b) => b.getAttribute("aria-describedby"))).toEqual([
    "servizio-101-hint servizio-error",
    "servizio-error",
  ]);
  for (const box of boxes) expect(box.getAttribute("aria-invalid")).toBe("true");
  expect(page.getByText("Scegli almeno un servizio").className).toBe("invalid-feedback d-block");
  const none = renderPage(
    <CheckboxGroup
      name="servizi"
      idPrefix="vuoto"
      legend="Servizi"
      options={[]}
      empty="Nessun servizio delegabile"
    />,
  );
  expect(none.getByText("Nessun servizio delegabile")).toBeTruthy();
  expect(none.queryAllByRole("checkbox")).toEqual([]);
});

test("CardList: the cards with their count and paging links; an empty list says so; a failed one shows its alert", () => {
  const props = {
    failedTitle: "Non è stato possibile caricare le pratiche",
    empty: "Nessuna pratica",
    shown: (list: { items: readonly string[] }) => `${list.items.length} pratiche mostrate`,
    itemKey: (item: string) => item,
    card: (item: string) => <article>{item}</article>,
    links: () => <PageLink to="/area-personale/attivita?quante=4">Vedi altre pratiche</PageLink>,
  };
  const full = renderPage(<CardList {...props} list={{ status: "ok", items: ["Prima", "Seconda"] }} />);
  expect(full.getByRole("status").textContent).toBe("2 pratiche mostrate");
  expect(full.getAllByRole("article").map((card) => card.textContent)).toEqual(["Prima", "Seconda"]);
  expect(full.getByRole("link", { name: "Vedi altre pratiche" }).getAttribute("href")).toBe(
    "/area-personale/attivita?quante=4",
  );
  const empty = renderPage(<CardList {...props} list={{ status: "ok", items: [] }} />);
  expect(empty.getByRole("status").textContent).toBe("Nessuna pratica");
  expect(empty.queryAllByRole("article")).toHaveLength(0);
  const failed = renderPage(<CardList {...props} list={{ status: "failed" }} />);
  expect(failed.getByText("Non è stato possibile caricare le pratiche")).toBeTruthy();
  expect(failed.queryAllByRole("link")).toHaveLength(0);
});

test("OneTimeCodeField: five digits offered by the phone's keyboard, its error tied to it; the rule is the same length", () => {
  const { field } = formFields({
    idPrefix: "otp",
    values: {},
    errors: { code: "Il codice è di 5 cifre" },
    labels: { code: "Codice di verifica" },
  });
  const page = renderPage(<OneTimeCodeField {...field("code")} hint="Lo trovi nel messaggio" />);
  const input = page.getByRole("textbox", { name: /^Codice di verifica/ });
  expect(input.id).toBe("otp-code");
  expect(input.getAttribute("inputmode")).toBe("numeric");
  expect(input.getAttribute("autocomplete")).toBe("one-time-code");
  expect(input.getAttribute("maxlength")).toBe("5");
  expect(input.hasAttribute("required")).toBe(true);
  expect(input.getAttribute("aria-invalid")).toBe("true");
  expect(input.getAttribute("aria-describedby")).toMatch(/otp-code-error/);
  expect(["01234", "99999"].map((code) => ONE_TIME_CODE_PATTERN.test(code))).toEqual([true, true]);
  expect(["1234", "123456", "12a45", " 12345"].some((code) => ONE_TIME_CODE_PATTERN.test(code))).toBe(false);
});
