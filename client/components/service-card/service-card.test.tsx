// @vitest-environment happy-dom
import { expect, test } from "vitest";
import { renderPage } from "#tests/support/render.tsx";
import { ServiceCard } from "./service-card.tsx";

test("title link with the Modello Comuni attribute, category, description and the action", () => {
  const view = renderPage(
    <ServiceCard
      title="Cambio di residenza"
      href="/servizi/103"
      description="Comunica il trasferimento di residenza."
      category="Anagrafe e stato civile"
      headingLevel={2}
      action={<button type="button">Aggiungi ai preferiti</button>}
    />,
  );
  const link = view.getByRole("link", { name: "Cambio di residenza" });
  expect(link.getAttribute("href")).toBe("/servizi/103");
  expect(link.getAttribute("data-element")).toBe("service-link");
  expect(view.getByRole("heading", { level: 2, name: "Cambio di residenza" })).toBeTruthy();
  expect(view.getByText("Anagrafe e stato civile")).toBeTruthy();
  expect(view.getByText("Comunica il trasferimento di residenza.")).toBeTruthy();
  expect(view.getByRole("button", { name: "Aggiungi ai preferiti" })).toBeTruthy();
});

test("without optional parts: an h3 and nothing else", () => {
  const view = renderPage(<ServiceCard title="Pagamento TARI" href="/servizi/104" description="" />);
  expect(view.getByRole("heading", { level: 3, name: "Pagamento TARI" })).toBeTruthy();
  expect(view.queryByRole("button")).toBeNull();
});
