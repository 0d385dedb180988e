// @vitest-environment happy-dom
import { expect, test } from "vitest";
import { renderPage } from "#tests/support/render.tsx";
import { MessageCard } from "./message-card.tsx";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { toMessageSummary } from "./message-summary.ts";

const config = {
  comune: { nomiServiziNotifiche: { valverde_tari: "TARI - Tassa sui rifiuti" } },
  dettagli: [],
} as unknown as Pick<TenantConfig, "comune" | "dettagli">;

const message = toMessageSummary(
  {
    id: "m-1",
    mex: { title: "Avviso TARI", body: "<p>x</p>" },
    timestamp: "2026-05-10T08:00:00.000Z",
    read_at: null,
    sender: "valverde_tari",
  },
  config,
);

test("the view model carries no body, and the sender by its title, not its code", () => {
  expect(message).toEqual({
    id: "m-1",
    title: "Avviso TARI",
    timestamp: "2026-05-10T08:00:00.000Z",
    read: false,
    sender: "TARI - Tassa sui rifiuti",
  });
});

test("an unread message: date, sender, state said to screen readers, link to its page", () => {
  const page = renderPage(
    <ul>
      <MessageCard message={message} />
    </ul>,
    { hydrate: true },
  );
  const link = page.getByRole("link", { name: "Non letto: Avviso TARI" });
  expect(link.getAttribute("href")).toBe("/area-personale/messaggi/m-1");
  expect(page.getByText("10/05/26").getAttribute("datetime")).toBe("2026-05-10T08:00:00.000Z");
  expect(page.getByText(/TARI - Tassa sui rifiuti/)).toBeTruthy();
  expect(page.queryByText(/valverde_tari/)).toBeNull();
  expect(page.getByRole("listitem").classList).toContain("message-card-unread");
});

test("a read message in English", () => {
  const page = renderPage(
    <ul>
      <MessageCard message={{ ...message, read: true }} />
    </ul>,
    { locale: "en" },
  );
  expect(page.getByRole("link", { name: "Read: Avviso TARI" })).toBeTruthy();
  expect(page.getByRole("listitem").classList).not.toContain("message-card-unread");
});
