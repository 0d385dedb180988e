// @vitest-environment happy-dom
import { fireEvent } from "@testing-library/react";
import { expect, test } from "vitest";
import { renderPage } from "#tests/support/render.tsx";
import type { AppointmentView } from "./appointment-view.ts";
import { CancelAppointment } from "./cancel-appointment.tsx";

const appointment: AppointmentView = {
  id: "42",
  status: "CONFERMATO",
  statusLabel: "Confermato",
  when: "martedì 1 dicembre 2026, 09:30",
  day: "2026-12-01",
  time: "09:30",
  office: null,
  categoryName: null,
  reasonId: null,
  reasonName: "Carta d'identità",
  details: "",
  videoCallUrl: null,
  requester: { nome: "Mario", cognome: "Rossi", email: "mario@example.org", codiceFiscale: null },
};
const cancel = (
  <CancelAppointment appointment={appointment} action="/appuntamenti/42" noJsHref="?annulla=1" />
);

test("without JavaScript: a link to the confirmation section, no dialog", () => {
  const page = renderPage(cancel);
  expect(page.getByRole("link", { name: "Annulla appuntamento" }).getAttribute("href")).toBe("?annulla=1");
  expect(page.queryByRole("dialog", { hidden: true })).toBeNull();
});

test("hydrated, the same element opens the confirmation dialog (a press across hydration is not lost)", () => {
  let link: HTMLElement | undefined;
  const page = renderPage(cancel, {
    hydrate: true,
    beforeHydration: (server) => {
      link = server.getByRole("link", { name: "Annulla appuntamento" });
    },
  });
  const opener = page.getByRole("button", { name: "Annulla appuntamento" });
  expect(opener).toBe(link);
  expect(opener.getAttribute("aria-haspopup")).toBe("dialog");
  fireEvent.click(opener);
  const dialog = page.getByRole("dialog", { name: "Annulla appuntamento" });
  expect(dialog.classList).toContain("show");
  expect(page.getByRole("button", { name: "No, torna indietro" })).toBeTruthy();
});
