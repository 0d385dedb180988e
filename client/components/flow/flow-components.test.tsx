// @vitest-environment happy-dom
import { expect, test } from "vitest";
import { renderPage } from "#tests/support/render.tsx";
import { FlowStepPage } from "./step-page.tsx";
import { FlowStepForm, FlowStepNav } from "./step-form.tsx";
import { FlowSummary, SummarySection } from "./flow-summary.tsx";

test("FlowStepPage: the stepper with the current step, the notices, then the step's focusable heading and content", () => {
  const page = renderPage(
    <FlowStepPage
      steps={["Luogo", "Data", "Riepilogo"]}
      current={2}
      title="Data"
      focusKey="data"
      notices={<p>Ricominciata</p>}
    >
      <p>Contenuto del passo</p>
    </FlowStepPage>,
  );
  const steps = page.getByRole("list", { name: "Passaggi della procedura: passo 2 di 3" });
  expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain("Data");
  const heading = page.getByRole("heading", { level: 2, name: "Data" });
  expect(heading.getAttribute("tabindex")).toBe("-1");
  expect(heading.className).toBe("h3 mt-4 mb-3");
  const notice = page.getByText("Ricominciata");
  expect(notice.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(page.getByText("Contenuto del passo")).toBeTruthy();
});

test("FlowStepPage: a flow's own title above the stepper, with its id", () => {
  const page = renderPage(
    <FlowStepPage
      steps={["Delegato", "Riepilogo"]}
      current={1}
      title="Delega online"
      focusKey="delegato"
      heading="flow"
      headingId="delega-online"
    >
      <p>Campi</p>
    </FlowStepPage>,
  );
  const heading = page.getByRole("heading", { level: 2, name: "Delega online" });
  expect(heading.id).toBe("delega-online");
  const steps = page.getByRole("list", { name: "Passaggi della procedura: passo 1 di 2" });
  expect(heading.compareDocumentPosition(steps) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(page.getAllByRole("heading")).toHaveLength(1);
});

test("FlowStepForm: errors summarised above, then a POST to this address with the step and the return field", () => {
  const page = renderPage(
    <FlowStepForm
      intent="dettagli"
      returnToSummary
      errors={[{ fieldId: "motivo", message: "Motivo: Campo obbligatorio" }]}
      intro={<p>I campi con * sono obbligatori</p>}
    >
      <input id="motivo" name="motivo" aria-label="Motivo" />
    </FlowStepForm>,
    { url: "/prenota?passo=dettagli&da=riepilogo" },
  );
  const summary = page.getByRole("region", { name: "Correggi i seguenti errori" });
  expect(page.getByRole("link", { name: "Motivo: Campo obbligatorio" }).getAttribute("href")).toBe("#motivo");
  const form = page.container.querySelector("form")!;
  expect(summary.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(form.getAttribute("method")).toBe("post");
  expect(form.getAttribute("action")).toBe("/prenota?passo=dettagli&da=riepilogo");
  expect(form.hasAttribute("novalidate")).toBe(true);
  const hidden = [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((i) => [
    i.name,
    i.value,
  ]);
  // (the XSRF field comes from the root data, absent here: `XsrfField` is tested with it)
  expect(hidden).toEqual([
    ["intent", "dettagli"],
    ["ritorno", "riepilogo"],
  ]);
  expect(page.getByText("I campi con * sono obbligatori").closest("form")).toBeNull();
});

test("FlowStepForm: no error summary without errors, no return field outside a 'Modifica', a name when given", () => {
  const page = renderPage(
    <FlowStepForm intent="luogo" multipart action="/altrove" label="Richiesta assistenza">
      <p>Campi</p>
    </FlowStepForm>,
  );
  expect(page.queryByRole("region")).toBeNull();
  const form = page.container.querySelector("form")!;
  expect(form.getAttribute("action")).toBe("/altrove");
  expect(form.getAttribute("enctype")).toBe("multipart/form-data");
  expect(form.querySelector('input[name="ritorno"]')).toBeNull();
  expect(page.getByRole("form", { name: "Richiesta assistenza" })).toBe(form);
});

test("FlowStepNav: a named step navigation with 'Indietro' as a link and the submit, or the inline buttons", () => {
  const page = renderPage(
    <>
      <FlowStepNav
        label="Navigazione tra i passi"
        backHref="/indietro"
        backLabel="Indietro"
        submitLabel="Avanti"
      />
      <FlowStepNav variant="inline" backHref="/prima" backLabel="Torna" submitLabel="Paga" intent="paga" />
    </>,
  );
  const nav = page.getByRole("navigation", { name: "Navigazione tra i passi" });
  expect(nav.querySelector("a")?.getAttribute("href")).toBe("/indietro");
  expect(nav.querySelector("a")?.textContent).toBe("Indietro");
  expect(page.getByRole("button", { name: "Avanti" }).getAttribute("type")).toBe("submit");
  const pay = page.getByRole("button", { name: "Paga" });
  expect([pay.getAttribute("name"), pay.getAttribute("value")]).toEqual(["intent", "paga"]);
  expect(page.getByRole("link", { name: "Torna" }).closest("nav")).toBeNull();
});

test("SummarySection: a named section whose 'Modifica' returns to its step and says which section", () => {
  const page = renderPage(
    <FlowSummary className="riepilogo">
      <SummarySection
        title="Ufficio"
        id="s-ufficio"
        editHref="/prenota?passo=luogo&da=riepilogo"
        editLabel="Modifica"
      >
        <p>Anagrafe</p>
      </SummarySection>
      <SummarySection title="Stato" editLabel="Modifica" className="box" titleClassName="h5 card-title">
        <p>Confermato</p>
      </SummarySection>
    </FlowSummary>,
  );
  const section = page.getByRole("region", { name: "Ufficio" });
  const edit = page.getByRole("link", { name: "Modifica Ufficio" });
  expect(section.contains(edit)).toBe(true);
  expect(edit.getAttribute("href")).toBe("/prenota?passo=luogo&da=riepilogo");
  expect(page.getAllByRole("link")).toHaveLength(1);
  expect(page.getByText("Confermato").closest(".box")).toBeTruthy();
  expect(page.getByRole("heading", { name: "Ufficio" }).className).toBe("h5 mb-0");
  expect(page.getByRole("heading", { name: "Stato" }).className).toBe("h5 card-title");
});

test("a summary's forms post back the digest its address names; a summary shown again because it changed says so", () => {
  const page = renderPage(
    <FlowStepPage steps={["Dati", "Riepilogo"]} current={2} title="Riepilogo" focusKey="riepilogo">
      <FlowStepForm action="/delega?passo=riepilogo" intent="invia">
        <button type="submit">Invia</button>
      </FlowStepForm>
      <FlowStepForm intent="altro">
        <button type="submit">Altro</button>
      </FlowStepForm>
    </FlowStepPage>,
    { url: "/delega?passo=riepilogo&versione=abc_DEF-123&avviso=riepilogo-cambiato" },
  );
  const [given, own] = [...page.container.querySelectorAll("form")].map((form) =>
    form.getAttribute("action"),
  );
  expect(given).toBe("/delega?passo=riepilogo&versione=abc_DEF-123");
  expect(own).toBe("/delega?passo=riepilogo&versione=abc_DEF-123&avviso=riepilogo-cambiato");
  const notice = page.getByRole("heading", { level: 2, name: /Il riepilogo è cambiato$/ });
  expect(notice.parentElement?.textContent).toContain("la richiesta non è stata inviata");
  // Above the step's own heading.
  const heading = page.getByRole("heading", { level: 2, name: "Riepilogo" });
  expect(notice.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test("a step's form elsewhere keeps the address it is given; no notice without one", () => {
  const page = renderPage(
    <FlowStepPage steps={["Dati", "Riepilogo"]} current={1} title="Dati" focusKey="dati">
      <FlowStepForm action="/delega?passo=dati" intent="dati">
        <button type="submit">Avanti</button>
      </FlowStepForm>
    </FlowStepPage>,
    { url: "/delega?passo=dati" },
  );
  expect(page.container.querySelector("form")?.getAttribute("action")).toBe("/delega?passo=dati");
  expect(page.queryByText("Il riepilogo è cambiato")).toBeNull();
});

test("FlowStepForm: Enter in a field sends the step's intent, whatever helper button comes first", () => {
  const page = renderPage(
    <FlowStepForm enterIntent="invia">
      <input name="nome" aria-label="Nome" />
      <button type="submit" name="intent" value="tipologie">
        Aggiorna tipologie
      </button>
      <button type="submit" name="intent" value="invia">
        Invia
      </button>
    </FlowStepForm>,
    { url: "/nuova-richiesta" },
  );
  // The form's default button (the first submit button, which implicit submission uses): hidden, out of the tab order.
  const first = page.container.querySelector<HTMLButtonElement>('form button[type="submit"]')!;
  expect([first.value, first.hidden, first.tabIndex, first.getAttribute("aria-hidden")]).toEqual([
    "invia",
    true,
    -1,
    "true",
  ]);
  expect(page.getAllByRole("button").map((b) => b.textContent)).toEqual(["Aggiorna tipologie", "Invia"]);
});
