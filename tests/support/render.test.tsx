// @vitest-environment happy-dom
import { expect, test, vi } from "vitest";
import { renderPage } from "./render.tsx";

test("a hydration mismatch is logged as an error, so the suite's console guard fails the test", () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  let renders = 0;
  function Counter() {
    renders += 1;
    return <p>render {renders}</p>;
  }
  renderPage(<Counter />, { hydrate: true });
  expect(logged.mock.calls.some((args) => String(args[0]).includes("hydrating"))).toBe(true);
  logged.mockRestore();
});

test("pages are queried like a user: by role and name, in the server-rendered DOM", () => {
  const page = renderPage(
    <form aria-label="Ricerca">
      <label htmlFor="q">Parole</label>
      <input id="q" name="q" defaultValue="tari" />
    </form>,
  );
  expect((page.getByRole("textbox", { name: "Parole" }) as HTMLInputElement).value).toBe("tari");
  expect(page.getByRole("form", { name: "Ricerca" })).toBeTruthy();
});
