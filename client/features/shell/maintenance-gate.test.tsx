// @vitest-environment happy-dom
import { expect, test } from "vitest";
import { renderPage } from "#tests/support/render.tsx";
import { comuneFixture } from "#tests/support/tenant-fixture.ts";
import { MaintenanceGate } from "./maintenance-gate.tsx";

const render = (extra: Partial<Parameters<typeof MaintenanceGate>[0]> = {}) =>
  renderPage(<MaintenanceGate comune={comuneFixture} xsrfToken="tok" {...extra} />, { url: "/" });

test("the gate is a post form to /manutenzione with labelled username and password", () => {
  const page = render();
  expect(page.getByRole("heading", { level: 1, name: "Servizio in manutenzione" })).toBeTruthy();
  const form = page.container.querySelector("form")!;
  expect(form.getAttribute("action")).toBe("/manutenzione");
  expect(form.getAttribute("method")).toBe("post");
  expect((form.elements.namedItem("_xsrf") as HTMLInputElement).value).toBe("tok");
  const username = page.getByLabelText(/^Nome utente/) as HTMLInputElement;
  expect(username.name).toBe("username");
  expect(username.getAttribute("autocomplete")).toBe("username");
  const password = page.getByLabelText(/^Password/) as HTMLInputElement;
  expect(password.name).toBe("password");
  expect(password.type).toBe("password");
  expect(page.getByRole("button", { name: "Conferma" }).getAttribute("type")).toBe("submit");
  const hrefs = page.getAllByRole("link").map((link) => link.getAttribute("href"));
  expect(hrefs).toContain("https://www.regione.verde.it");
  expect(hrefs).toContain("https://www.comune.valverde.it");
  expect(page.container.querySelector("[aria-invalid]")).toBeNull();
});

test("required errors are shown next to their fields", () => {
  const page = render({
    errors: { username: "Campo obbligatorio", password: "Campo obbligatorio" },
    values: { username: "operatore" },
    formError: "Credenziali non valide",
  });
  const fields = [page.getByLabelText(/^Nome utente/), page.getByLabelText(/^Password/)];
  for (const field of fields) {
    expect(field.getAttribute("aria-invalid")).toBe("true");
    const described = (field.getAttribute("aria-describedby") ?? "").split(" ");
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain("Campo obbligatorio");
  }
  expect((fields[0] as HTMLInputElement).value).toBe("operatore");
  expect(page.getByRole("alert").textContent).toBe("Credenziali non valide");
});
