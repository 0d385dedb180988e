import { z } from "zod";
import type { CrmApi } from "#shared/api/crm.ts";
import { defineWriteOnce } from "#client/lib/write-once.server.ts";

/*
 * The CRM's tickets, at most once (client/lib/write-once.server.ts). The CRM has no idempotency of its own (and the
 * BFF's proxy would drop the header): a ticket sent twice is two tickets.
 *
 * - A logged-in citizen's ticket (an assistance request, a disruption report) can be found again: the citizen's own
 *   ticket search (`tickets/search`, their fiscal code) lists it, with its title and creation time, and its first
 *   article is the text the portal sent. A submission whose answer never came is looked for there before it is sent
 *   again (`findSentTicket`).
 * - An anonymous ticket cannot (no search without a citizen), but the BFF marks its e-mail code used before it
 *   forwards the ticket, so one code never opens two; a submission whose answer never came is never sent again: the
 *   page says the answer will come to the e-mail address given.
 */

const DAY = 24 * 60 * 60 * 1000;

/** What a sent ticket leaves for a second submission: when it was sent (and, when known, its id and number). */
export type SentTicket = { sentAt: number; id?: number; number?: string };
const SentTicketSchema = z.object({
  sentAt: z.number(),
  id: z.number().optional(),
  number: z.string().optional(),
});

const limits = { ttlMs: DAY, maxEntries: 20_000, perClient: { maxEntries: 200 } };

/** A logged-in citizen's assistance request, keyed by the form's submission key. */
export const ticketWrites = defineWriteOnce<SentTicket>({
  name: "ticket",
  schema: SentTicketSchema,
  ...limits,
});

/** An anonymous request, keyed by its pending request's key (one per request waiting for its e-mail code). */
export const publicTicketWrites = defineWriteOnce<SentTicket>({
  name: "public-ticket",
  schema: SentTicketSchema,
  ...limits,
});

/** A disruption report, keyed by its flow's attempt. */
export const disruptionWrites = defineWriteOnce<Required<SentTicket>>({
  name: "disruption",
  schema: SentTicketSchema.required(),
  ...limits,
});

/** Some slack between the portal's clock and the CRM's. */
const CLOCK_SLACK_MS = 2 * 60 * 1000;

/** The text of some HTML, for comparing what was sent with what the CRM gives back (sanitised, re-encoded). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;|&#x27;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The ticket a submission that started at `since` sent for this citizen, if the CRM has it: among the citizen's own
 * newest tickets, one with the same title created since then whose first article holds the same text. Null when
 * there is none (the submission did not arrive).
 */
export async function findSentTicket(
  crm: Pick<CrmApi, "searchTickets" | "articles">,
  codiceFiscale: string,
  sent: { title: string; body: string },
  since: number,
): Promise<Required<SentTicket> | null> {
  const recent = await crm.searchTickets({
    codiceFiscale,
    page: 1,
    perPage: 20,
    title: sent.title,
    sortBy: "created_at",
    orderBy: "desc",
  });
  const wanted = textOf(sent.body).slice(0, 200);
  const candidates = recent.filter(
    (t) => t.title === sent.title && Date.parse(t.created_at) >= since - CLOCK_SLACK_MS,
  );
  for (const ticket of candidates.slice(0, 5)) {
    const [first] = await crm.articles(ticket.id);
    if (first && textOf(first.body).includes(wanted))
      return { sentAt: Date.parse(ticket.created_at), id: ticket.id, number: ticket.number };
  }
  return null;
}
