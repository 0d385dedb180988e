import { expect, test } from "vitest";
import { NewTicketSchema } from "#shared/api/crm.ts";
import { validateForm } from "#shared/validation/form.ts";
import { translatorFor } from "#client/i18n/i18n-context.tsx";
import { assistanceIt } from "./texts.ts";
import {
  buildTicket,
  detailsToHtml,
  draftSchema,
  emptyValues,
  htmlToDetails,
  readDraftBody,
  requestSchema,
} from "./request-model.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const t = translatorFor("it", assistanceIt);
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const good = {
  nome: "Luca",
  cognome: "Verdi",
  codiceFiscale: "vrdlcu90e10f205v",
  email: "luca@example.it",
  telefono: "333 123 4567",
  servizio: "2",
  tipologia: "201",
  dettagli: "Aiuto",
  privacy: "1",
};

test("the full schema: the original's Italian messages, identity only when anonymous", () => {
  const bad = validateForm(
    form({
      ...good,
      codiceFiscale: "VRDLCU90E10F205X",
      email: "x",
      telefono: "12",
      dettagli: "",
      privacy: "",
    }),
    requestSchema(t, true),
  );
  expect(bad.ok).toBe(false);
  if (bad.ok) return;
  expect(bad.errors).toEqual({
    codiceFiscale: "Inserisci un codice fiscale valido",
    email: "Inserisci un indirizzo e-mail valido",
    telefono: "Inserisci un numero valido",
    dettagli: "Campo obbligatorio",
    privacy: "Dichiara di aver letto l'informativa",
  });
  const ok = validateForm(form(good), requestSchema(t, true));
  expect(ok).toMatchObject({
    ok: true,
    values: { codiceFiscale: CITIZENS.LUCA, telefono: "3331234567" },
  });
  const logged = validateForm(form({ ...good, nome: "", codiceFiscale: "" }), requestSchema(t, false));
  expect(logged.ok).toBe(true);
  const long = validateForm(form({ ...good, dettagli: "x".repeat(601) }), requestSchema(t, true));
  expect(long.ok ? null : long.errors.dettagli).toBe("Inserisci al massimo 600 caratteri");
});

test("a draft needs only the service", () => {
  expect(validateForm(form({}), draftSchema(t)).ok).toBe(false);
  expect(validateForm(form({ servizio: "1" }), draftSchema(t)).ok).toBe(true);
});

test("the ticket payload follows the contract and a draft body reads back into the form", () => {
  const values = { ...emptyValues, ...good, telefono: "3331234567", dettagli: "Riga 1\n<b>Riga 2</b>" };
  const ticket = buildTicket({
    values,
    service: { id: 2, name: "Tributi" },
    subService: { id: 201, name: "TARI" },
    recognised: false,
    attachment: { filename: "a.pdf", data: "JVBERi0=", "mime-type": "application/pdf" },
  });
  expect(NewTicketSchema.parse(ticket)).toEqual(ticket);
  expect(ticket).toMatchObject({
    title: "Tributi",
    utente_riconosciuto: 0,
    customer: { mobile: "00393331234567", codice_fiscale: CITIZENS.LUCA },
    article: { body: "Riga 1<br>&lt;b&gt;Riga 2&lt;/b&gt;", from: "luca@example.it" },
  });
  const back = readDraftBody(JSON.stringify(ticket));
  expect(back.values).toEqual({
    email: "luca@example.it",
    telefono: "3331234567",
    servizio: "2",
    tipologia: "201",
    dettagli: "Riga 1\n<b>Riga 2</b>",
  });
  expect(back.attachment?.filename).toBe("a.pdf");
  expect(readDraftBody("not json")).toEqual({ values: {}, attachment: null });
  expect(htmlToDetails(detailsToHtml("a & b"))).toBe("a & b");
});
