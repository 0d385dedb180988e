import { beforeEach, describe, expect, test } from "vitest";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { parseTicketSearch, SearchFilterError } from "./conversation.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const { ANNA, MARIO } = CITIZENS;
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

const { app, http, store } = createTestSandbox();
let anna: string;
let mario: string;

beforeEach(async () => {
  store.reset();
  anna = await loginAs(app, ANNA, hosts.a);
  mario = await loginAs(app, MARIO, hosts.a);
});

const filter = (cf: string, extra: object = {}) =>
  JSON.stringify({ "customer.codice_fiscale": { eq: cf }, ...extra });

function search(cookie: string, query: Record<string, string | number>, host: string = hosts.a) {
  return http.get("/api/crm/tickets/search").query(query).set("X-Forwarded-Host", host).set("Cookie", cookie);
}

async function annaTickets(cookie = anna, host: string = hosts.a) {
  const res = await search(cookie, { per_page: 20, page: 1, filter: filter(ANNA) }, host);
  return res.body as Array<{ id: number; number: string; title: string; state_id: number; state: string }>;
}

describe("search", () => {
  test("lists the caller's own tickets, newest first, with the state label", async () => {
    const res = await search(anna, { per_page: 5, page: 1, filter: filter(ANNA) });
    expect(res.status).toBe(200);
    expect(res.body.map((t: { title: string }) => t.title)).toEqual([
      "Portale del cittadino",
      "Tributi",
      "Anagrafe e stato civile",
    ]);
    expect(res.body[0]).toMatchObject({ state_id: 1, state: "Nuovo" });
  });

  test("the filter's fiscal code must be the caller's own (403), and is required", async () => {
    expect((await search(anna, { per_page: 5, page: 1, filter: filter(MARIO) })).status).toBe(403);
    expect((await search(anna, { per_page: 5, page: 1, filter: "{}" })).status).toBe(403);
    expect((await search(anna, { per_page: 5, page: 1, filter: filter(ANNA.toLowerCase()) })).status).toBe(
      200,
    );
    const anonymous = await http
      .get("/api/crm/tickets/search")
      .query({ filter: filter(ANNA) })
      .set("X-Forwarded-Host", hosts.a);
    expect(anonymous.status).toBe(401);
  });

  test("title (case-insensitive), state and paging; a full page means there may be more", async () => {
    const byTitle = await search(anna, {
      per_page: 5,
      page: 1,
      filter: filter(ANNA, { title: { ci: "trib" } }),
    });
    expect(byTitle.body.map((t: { title: string }) => t.title)).toEqual(["Tributi"]);
    const closed = await search(anna, {
      per_page: 5,
      page: 1,
      filter: filter(ANNA, { state_id: { in: [4, 8] } }),
    });
    expect(closed.body.map((t: { state_id: number }) => t.state_id)).toEqual([4]);
    const page2 = await search(anna, { per_page: 2, page: 2, filter: filter(ANNA) });
    expect(page2.body).toHaveLength(1);
    const oldest = await search(anna, { per_page: 1, page: 1, filter: filter(ANNA), order_by: "asc" });
    expect(oldest.body[0].title).toBe("Anagrafe e stato civile");
  });

  test("a malformed filter is a 400", async () => {
    expect((await search(anna, { filter: "{" })).status).toBe(400);
    expect(() => parseTicketSearch({ filter: filter(ANNA), sort_by: "title" })).toThrow(SearchFilterError);
    expect(parseTicketSearch({ filter: filter(ANNA) })).toMatchObject({
      perPage: 10,
      page: 1,
      orderBy: "desc",
    });
  });

  test("the fault switch makes the service fail", async () => {
    await http.post("/__sandbox/faults").send({ crm: "down" });
    expect((await search(anna, { filter: filter(ANNA) })).status).toBe(503);
  });
});

describe("one ticket", () => {
  test("articles, and attachment bytes with their type, only for the ticket's customer", async () => {
    const tributi = (await annaTickets()).find((t) => t.title === "Tributi")!;
    const articles = await http
      .get(`/api/crm/tickets/${tributi.id}/articles`)
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", anna);
    expect(articles.status).toBe(200);
    expect(articles.body.map((a: { sender: string }) => a.sender)).toEqual(["Customer", "Agent"]);
    const [first] = articles.body as Array<{
      id: number;
      attachments: Array<{ id: number; filename: string }>;
    }>;
    const att = first!.attachments[0]!;
    const url = `/api/crm/tickets/${tributi.id}/articles/${first!.id}/attachments/${att.id}`;
    const file = await http.get(url).set("X-Forwarded-Host", hosts.a).set("Cookie", anna);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(
      Buffer.from(file.body as Buffer)
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");

    for (const path of [`/api/crm/tickets/${tributi.id}/articles`, url, `/api/crm/tickets/${tributi.id}`]) {
      const other = await http.get(path).set("X-Forwarded-Host", hosts.a).set("Cookie", mario);
      expect(other.status).toBe(404);
    }
    // The same ticket id on the other municipality is another ticket (or none): never Anna's comune-a one.
    const wrongArticle = await http
      .get(`/api/crm/tickets/${tributi.id}/articles/999/attachments/${att.id}`)
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", anna);
    expect(wrongArticle.status).toBe(404);
  });

  test("a reply with an attachment is checked by content; another citizen cannot reply", async () => {
    const tributi = (await annaTickets()).find((t) => t.title === "Tributi")!;
    const post = (cookie: string, body: object) =>
      http
        .post(`/api/crm/tickets/${tributi.id}/articles`)
        .set("X-Forwarded-Host", hosts.a)
        .set("Cookie", cookie)
        .send(body);
    const ok = await post(anna, {
      type_id: 13,
      body: "<p>Grazie</p>",
      content_type: "text/html",
      attachments: [{ filename: "foto.png", data: PNG, "mime-type": "image/png" }],
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      sender: "Customer",
      attachments: [{ filename: "foto.png", "mime-type": "image/png" }],
    });
    const lying = await post(anna, {
      body: "<p>x</p>",
      attachments: [{ filename: "foto.pdf", data: PNG, "mime-type": "application/pdf" }],
    });
    expect(lying.status).toBe(400);
    expect(lying.body.details[0]).toContain("non è del tipo dichiarato");
    expect((await post(anna, { body: " " })).status).toBe(400);
    expect((await post(mario, { body: "<p>intruso</p>" })).status).toBe(404);
  });

  test("close: only state 8, only the customer, and a closed ticket takes no reply", async () => {
    const nuovo = (await annaTickets()).find((t) => t.title === "Portale del cittadino")!;
    const put = (cookie: string, body: object) =>
      http
        .put(`/api/crm/tickets/${nuovo.id}`)
        .set("X-Forwarded-Host", hosts.a)
        .set("Cookie", cookie)
        .send(body);
    expect((await put(mario, { state_id: 8 })).status).toBe(404);
    expect((await put(anna, { state_id: 2 })).status).toBe(422);
    const closed = await put(anna, { state_id: 8 });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ state_id: 8, state: "Chiuso" });
    const reply = await http
      .post(`/api/crm/tickets/${nuovo.id}/articles`)
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", anna)
      .send({ body: "<p>ancora</p>" });
    expect(reply.status).toBe(422);
  });
});

describe("operator control", () => {
  test("the operator answers: an Agent article, the ticket becomes open", async () => {
    const nuovo = (await annaTickets()).find((t) => t.title === "Portale del cittadino")!;
    const res = await http.post(`/__sandbox/crm/tickets/${nuovo.id}/reply`).send({
      comune: "comune-a",
      body: "<p>Abbiamo verificato.</p>",
      attachments: [{ filename: "esito.png", data: PNG }],
    });
    expect(res.status).toBe(201);
    expect(res.body.ticket).toMatchObject({ state_id: 2 });
    const articles = await http
      .get(`/api/crm/tickets/${nuovo.id}/articles`)
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", anna);
    expect(articles.body.at(-1)).toMatchObject({
      sender: "Agent",
      body: "<p>Abbiamo verificato.</p>",
      attachments: [{ filename: "esito.png" }],
    });
    // comune-b's tickets are other tickets: the same id there is not touched.
    const onB = await annaTickets(await loginAs(app, ANNA, hosts.b), hosts.b);
    expect(onB.find((t) => t.title === "Portale del cittadino")?.state_id).toBe(1);
  });

  test("unknown ticket, missing body, ambiguous id", async () => {
    expect((await http.post("/__sandbox/crm/tickets/9999/reply").send({ body: "x" })).status).toBe(404);
    expect((await http.post("/__sandbox/crm/tickets/1/reply").send({ comune: "comune-a" })).status).toBe(400);
    // Ticket 1 exists on comune-a and comune-b.
    expect((await http.post("/__sandbox/crm/tickets/1/reply").send({ body: "x" })).status).toBe(400);
  });
});
