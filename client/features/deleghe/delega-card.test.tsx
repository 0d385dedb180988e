// @vitest-environment happy-dom
import { fireEvent } from "@testing-library/react";
import { expect, test } from "vitest";
import type { Delega } from "#shared/api/deleghe.ts";
import { renderPage } from "#tests/support/render.tsx";
import { strangerFiscalCode } from "#tests/support/citizens.ts";
import { DelegaCard } from "./delega-card.tsx";

const delega: Delega = {
  uuidDelega: "d-1",
  delegante: { codiceFiscale: strangerFiscalCode("RSSMRA80A01H501"), nome: "Mario", cognome: "Rossi" },
  delegato: { codiceFiscale: strangerFiscalCode("VRDGLI85C41F205"), nome: "Giulia", cognome: "Verdi" },
  servizi: [{ idServizio: 1, titolo: "Pagamenti" }],
  dataInizio: "2026-11-01",
  dataScadenza: "2027-11-01",
  stato: "APPROVATA",
  dataCreazione: "2026-11-01T09:00:00+01:00",
};

test("withdrawing asks first: hydrated, the same elements open and close the question (no press lost across it)", () => {
  let opener: HTMLElement | undefined;
  let no: HTMLElement | undefined;
  const page = renderPage(<DelegaCard delega={delega} which="delegati" />, {
    hydrate: true,
    beforeHydration: (server) => {
      // Without JavaScript: links to the dialog (`:target`) and back.
      const link = server.getByRole("link", { name: "Ritira la delega a Giulia Verdi" });
      expect(link.getAttribute("href")).toBe("#conferma-ritira-d-1");
      opener = link;
      no = server.getByRole("link", { name: "No, torna alle deleghe", hidden: true });
    },
  });
  const button = page.getByRole("button", { name: "Ritira la delega a Giulia Verdi" });
  expect(button).toBe(opener);
  fireEvent.click(button);
  const dialog = page.getByRole("dialog", { name: "Ritirare la delega?" });
  expect(dialog.classList).toContain("show");
  const back = page.getByRole("button", { name: "No, torna alle deleghe" });
  expect(back).toBe(no);
  fireEvent.click(back);
  expect(dialog.classList).not.toContain("show");
});
