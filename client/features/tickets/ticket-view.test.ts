import { describe, expect, test } from "vitest";
import { TICKET_STATE_LABELS, type Ticket, type TicketStateId } from "#shared/api/crm.ts";
import { ticketsIt } from "./texts.ts";
import { ticketsEn } from "./texts.en.ts";
import {
  isOwnTicket,
  readTicketsQuery,
  replyHtml,
  STATES_OF,
  ticketState,
  ticketsQueryWords,
  toArticleView,
} from "./ticket-view.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  id: 3,
  number: "10003",
  title: "Tributi",
  state_id: 2,
  created_at: "2026-10-02T08:30:00Z",
  customer: {
    codice_fiscale: CITIZENS.ANNA,
    email: "a@b.it",
    mobile: null,
    firstname: "A",
    lastname: "E",
  },
  ...over,
});

describe("states", () => {
  test("the Italian labels are spec §4's (shared/api/crm.ts), English has the same keys", () => {
    for (const [id, label] of Object.entries(TICKET_STATE_LABELS)) {
      expect(ticketsIt[`tickets.state.${id}` as keyof typeof ticketsIt]).toBe(label);
    }
    expect(Object.keys(ticketsEn).sort()).toEqual(Object.keys(ticketsIt).sort());
  });

  test("closed states take no reply; tones never carry the meaning alone", () => {
    expect(ticketState(4).closed).toBe(true);
    expect(ticketState(8).closed).toBe(true);
    expect(ticketState(2)).toMatchObject({ closed: false, label: "tickets.state.2", tone: "primary" });
    expect(ticketState(9).tone).toBe("danger");
    const all = [...(STATES_OF.aperte ?? []), ...(STATES_OF.chiuse ?? [])].sort();
    expect(all).toEqual(([1, 2, 4, 8, 9] as TicketStateId[]).sort());
  });
});

describe("query", () => {
  test("defaults, bounds and unknown words", () => {
    const read = (q: string) => readTicketsQuery(new URL(`http://x/?${q}`));
    expect(read("")).toEqual({ stato: "tutte", cerca: "", richieste: 5 });
    expect(read("stato-richiesta=chiuse&cerca-richiesta=%20tari%20&richieste=10")).toEqual({
      stato: "chiuse",
      cerca: "tari",
      richieste: 10,
    });
    expect(read("stato-richiesta=boh&richieste=-3").richieste).toBe(5);
    expect(read("richieste=5000").richieste).toBe(100);
    expect(ticketsQueryWords({ stato: "tutte", cerca: "", richieste: 5 })).toEqual({
      "stato-richiesta": undefined,
      "cerca-richiesta": undefined,
      richieste: undefined,
    });
  });
});

test("ownership is by the customer's fiscal code, case-insensitive; no customer is nobody's", () => {
  expect(isOwnTicket(ticket(), "spsnna75t48f839x")).toBe(true);
  expect(isOwnTicket(ticket(), CITIZENS.MARIO)).toBe(false);
  // An omocodia variant of Anna's code (SPSNNA75T48F839X) is another person's.
  expect(isOwnTicket(ticket(), "SPSNNA75T48F83VM")).toBe(false);
  expect(isOwnTicket(ticket({ customer: undefined }), CITIZENS.ANNA)).toBe(false);
});

test("the citizen's text becomes escaped HTML with its line breaks", () => {
  expect(replyHtml('Riga <b>1</b> & "2"\nRiga 2')).toBe(
    "<p>Riga &lt;b&gt;1&lt;/b&gt; &amp; &quot;2&quot;<br>Riga 2</p>",
  );
});

test("articles: who wrote, attachment sizes", () => {
  const view = toArticleView({
    id: 7,
    sender: "Agent",
    body: "<p>ok</p>",
    created_at: "2026-10-05T10:00:00Z",
    attachments: [
      { id: 1, filename: "a.png", size: "68" },
      { id: 2, filename: "b.pdf" },
    ],
  });
  expect(view.fromCitizen).toBe(false);
  expect(view.attachments).toEqual([
    { id: 1, filename: "a.png", size: 68 },
    { id: 2, filename: "b.pdf", size: null },
  ]);
});
