import { expect, test } from "vitest";
import { renderToHtml } from "#client/components/ui/testing/render-to-html.tsx";
import { MaintenanceGate } from "./maintenance-gate.tsx";
import { comuneFixture } from "./tenant-fixture.ts";

const render = (extra: Partial<Parameters<typeof MaintenanceGate>[0]> = {}) =>
  renderToHtml(<MaintenanceGate comune={comuneFixture} xsrfToken="tok" {...extra} />, { url: "/" });

test("the gate is a post form to /manutenzione with labelled username and password", () => {
  const html = render();
  expect(html).toContain('<h1 class="mb-4">Servizio in manutenzione</h1>');
  expect(html).toMatch(/<form [^>]*action="\/manutenzione" method="post"/);
  expect(html).toContain('name="_xsrf" value="tok"');
  const username = html.match(/<label for="([^"]+)" class="active">Nome utente/);
  const password = html.match(/<label for="([^"]+)" class="active">Password/);
  expect(html).toMatch(new RegExp(`<input [^>]*id="${username?.[1]}"[^>]*name="username"`));
  expect(html).toMatch(
    new RegExp(`<input [^>]*type="password"[^>]*id="${password?.[1]}"[^>]*name="password"`),
  );
  expect(html).toMatch(/autoComplete="username"/);
  expect(html).toContain('<button type="submit" class="btn btn-primary">Conferma</button>');
  expect(html).toContain('href="https://www.regione.verde.it"');
  expect(html).toContain('href="https://www.comune.valverde.it"');
  expect(html).not.toContain("aria-invalid");
});

test("required errors are shown next to their fields", () => {
  const html = render({
    errors: { username: "Campo obbligatorio", password: "Campo obbligatorio" },
    values: { username: "operatore" },
    formError: "Credenziali non valide",
  });
  const inputs = html.match(/<input [^>]*aria-invalid="true"[^>]*>/g) ?? [];
  expect(inputs).toHaveLength(2);
  for (const input of inputs) {
    const describedBy = input.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toContain(
      `<div id="${describedBy}" class="invalid-feedback d-block">Campo obbligatorio</div>`,
    );
  }
  expect(html).toContain('value="operatore"');
  expect(html).toContain('role="alert">Credenziali non valide');
});
