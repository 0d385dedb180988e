// @vitest-environment happy-dom
import { expect, test } from "vitest";
import { renderPage } from "#tests/support/render.tsx";
import { routeError } from "#shared/route-error.ts";
import { ErrorPage } from "./error-page.tsx";

/** What an error boundary receives for a thrown route error. */
function caught(thrown: ReturnType<typeof routeError>) {
  return { status: thrown.init?.status ?? 500, statusText: "", internal: false, data: thrown.data };
}

test("a route error shows its status's heading and its own title as the text", () => {
  const error = caught(routeError(413, { title: "Puoi allegare al massimo 3 file." }));
  const page = renderPage(<ErrorPage error={error} />);
  expect(page.getByRole("heading", { level: 1, name: "Contenuto troppo grande" })).toBeTruthy();
  expect(page.getByText("Puoi allegare al massimo 3 file.")).toBeTruthy();
  expect(page.getByText("Codice errore: 413")).toBeTruthy();
  expect(page.getByRole("link", { name: "Torna alla pagina iniziale" }).getAttribute("href")).toBe("/");
});

test("an unexpected error is a 500 with the generic text", () => {
  const page = renderPage(<ErrorPage error={new Error("boom")} />);
  expect(page.getByRole("heading", { level: 1, name: "Si è verificato un errore" })).toBeTruthy();
  expect(page.getByText("Codice errore: 500")).toBeTruthy();
});

test("a status alone (the catch-all route) gets its per-status text", () => {
  const page = renderPage(<ErrorPage status={404} />);
  expect(page.getByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeTruthy();
  expect(page.getByText("La pagina che cerchi non esiste o è stata spostata.")).toBeTruthy();
});
