// @vitest-environment happy-dom
import { fireEvent, waitFor } from "@testing-library/react";
import { expect, test } from "vitest";
import { renderPage } from "#tests/support/render.tsx";
import { emptyValues } from "./request-model.ts";
import { RequestForm, type RequestFormData } from "./request-page.tsx";

const data: RequestFormData = {
  step: "form",
  anonymous: true,
  loginHref: "/api/utenti/login",
  values: emptyValues,
  services: [
    { id: 1, name: "Anagrafe e stato civile" },
    { id: 2, name: "Tributi" },
  ],
  subServices: [],
  listsFailed: false,
  policy: null,
};

const SUB_SERVICES: Record<string, { id: number; name: string }[]> = {
  "1": [{ id: 101, name: "Carta d'identità" }],
  "2": [
    { id: 201, name: "TARI - tassa rifiuti" },
    { id: 202, name: "IMU" },
  ],
};

/** The form, hydrated, over a sub-services resource whose answers the test releases one service at a time. */
function renderForm() {
  const held = new Map<string, () => void>();
  const page = renderPage(<RequestForm data={data} />, {
    url: "/nuova-richiesta",
    hydrate: true,
    resources: [
      {
        path: "/nuova-richiesta/tipologie",
        loader: async ({ request }) => {
          const servizio = new URL(request.url).searchParams.get("servizio") ?? "";
          await new Promise<void>((release) => held.set(servizio, release));
          return { servizio, subServices: SUB_SERVICES[servizio] ?? [] };
        },
      },
    ],
  });
  const release = async (servizio: string) => {
    await waitFor(() => expect(held.has(servizio)).toBe(true));
    held.get(servizio)!();
  };
  return { page, release };
}

test("going down the services by arrow keys: no choice among the sub-services of a service left behind", async () => {
  const { page, release } = renderForm();
  const service = page.getByRole("combobox", { name: /^Servizio/ }) as HTMLSelectElement;
  // The field is drawn anew as its list changes: looked up each time.
  const subService = () =>
    page.getByRole("combobox", { name: /^Tipologia problematica/ }) as HTMLSelectElement;
  const subServices = () => [...subService().options].map((option) => option.text);
  await waitFor(() => expect(page.queryByRole("button", { name: "Aggiorna tipologie" })).toBeNull());

  fireEvent.change(service, { target: { value: "1" } });
  await release("1");
  await waitFor(() => expect(subService().disabled).toBe(false));
  expect(subServices()).toContain("Carta d'identità");

  // The next service: until its own list is in, the field waits, disabled, without the previous service's list.
  fireEvent.change(service, { target: { value: "2" } });
  await waitFor(() => expect(subService().disabled).toBe(true));
  expect(subServices()).not.toContain("Carta d'identità");

  await release("2");
  await waitFor(() => expect(subService().disabled).toBe(false));
  expect(subServices()).toEqual(["Seleziona la tipologia", "TARI - tassa rifiuti", "IMU"]);
});
