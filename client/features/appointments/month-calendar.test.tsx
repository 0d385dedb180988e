// @vitest-environment happy-dom
import { fireEvent, waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { expect, test } from "vitest";
import { renderPage } from "#tests/support/render.tsx";
import { buildMonthGrid, parseMonth } from "./calendar.ts";
import { MonthCalendar } from "./month-calendar.tsx";

const TODAY = "2027-01-20";
// Every Sunday of February 2027 and the whole of March: nothing left that month.
const FULL = new Set(["2027-02-07", "2027-02-14", "2027-02-21", "2027-02-28"]);
for (let date = 1; date <= 31; date++) FULL.add(`2027-03-${String(date).padStart(2, "0")}`);

/** The calendar of the month the address names (`?mese=`), as the booking's step shows it. */
function Page() {
  const month = parseMonth(new URLSearchParams(useLocation().search).get("mese"), TODAY) ?? "2027-01";
  const calendar = buildMonthGrid({ month, today: TODAY, unavailable: FULL, locale: "it" });
  return (
    <MonthCalendar
      calendar={calendar}
      monthHref={(target) => `/prenota?mese=${target}#calendario`}
      dayHref={(day) => `/prenota?giorno=${day}#orari`}
    />
  );
}

function status(page: ReturnType<typeof renderPage>) {
  return page.getAllByRole("status").find((element) => element.closest(".appointment-calendar"))!;
}

test("another month shown without a page load is said, with its free days, and the focus stays on its link", async () => {
  const page = renderPage(<Page />, { url: "/prenota", hydrate: true });
  expect(status(page).textContent).toBe("");
  const next = page.getByRole("link", { name: "Mese successivo" });
  next.focus();
  fireEvent.click(next);
  await waitFor(() => expect(status(page).textContent).toBe("febbraio 2027: 24 giorni disponibili"));
  expect(document.activeElement).toBe(next);
  fireEvent.click(page.getByRole("link", { name: "Mese successivo" }));
  await waitFor(() => expect(status(page).textContent).toBe("marzo 2027: nessun giorno disponibile"));
});

test("when the link pressed goes away (the window's first month), the focus goes to the month's heading", async () => {
  const page = renderPage(<Page />, { url: "/prenota?mese=2027-02", hydrate: true });
  const previous = page.getByRole("link", { name: "Mese precedente" });
  previous.focus();
  fireEvent.click(previous);
  await waitFor(() => expect(status(page).textContent).toBe("gennaio 2027: 12 giorni disponibili"));
  expect(page.queryByRole("link", { name: "Mese precedente" })).toBeNull();
  expect(document.activeElement).toBe(page.getByRole("heading", { name: /gennaio 2027/ }));
});
