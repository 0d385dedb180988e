import { describe, expect, test } from "vitest";
import type { RouterContextProvider } from "react-router";
import { UpstreamError } from "#server/upstream/errors.ts";
import { toRouteFailure } from "#server/upstream/failures.ts";
import type { Locale } from "#shared/locale.ts";
import { getServices } from "#client/lib/services.ts";
import { createStubContext, stubAppsched } from "#tests/support/stub-request-context.ts";
import * as calendar from "#client/routes/appointments/booking-calendar.ts";
import * as disruptionReceipt from "#client/routes/disruption/receipt.ts";
import * as mypayNotice from "#client/routes/payments/mypay-notice.ts";
import * as notice from "#client/routes/payments/notice.ts";
import * as payerReceipt from "#client/routes/payments/payer-receipt.ts";
import * as receipt from "#client/routes/payments/receipt.ts";
import * as spontaneousNotice from "#client/routes/payments/spontaneous/notice-file.ts";
import * as personalDocument from "#client/routes/personal-area/document-file.ts";
import * as ticketAttachment from "#client/routes/tickets/attachment.ts";
import { CITIZENS } from "#tests/support/portal-requests.ts";

// Every file download answers its failures the one way (client/lib/download.server.ts): an upstream failure keeps its
// status (502, 504) with the error page's sentence in the page's language, as plain text that is never cached.

const GIULIA = { nome: "Giulia", cognome: "Bianchi", codFisc: CITIZENS.GIULIA };
const IUV = "01234567890123456";
const HASH = "h".repeat(32);

const TEXTS = {
  it: {
    502: "Il servizio del Comune non risponde correttamente. Riprova tra qualche minuto.",
    504: "Il servizio del Comune non ha risposto in tempo. Riprova tra qualche minuto.",
  },
  en: {
    502: "The municipality's service is not answering correctly. Please try again in a few minutes.",
    504: "The municipality's service did not answer in time. Please try again in a few minutes.",
  },
} as const;

/** What the upstream clients throw when the service answers 500 (→ 502) or not in time (→ 504). */
function failing(status: 502 | 504, locale: Locale) {
  return async () => {
    const error =
      status === 504
        ? new UpstreamError("test", "timeout", 0, "timed out")
        : new UpstreamError("test", "status", 500, "boom");
    throw toRouteFailure(error, locale);
  };
}

type Loader = (args: never) => Promise<Response> | Response;

/** A download route, how to call it, and the upstream call that fails (stubbed on the request's services). */
const ROUTES: Array<{
  name: string;
  path: string;
  loader: Loader;
  params?: Record<string, string>;
  flows?: Record<string, unknown>;
  fail: (context: Readonly<RouterContextProvider>, fail: () => Promise<never>) => void;
}> = [
  {
    name: "a personal document",
    path: "/area-personale/documenti/u-1/file",
    loader: personalDocument.loader,
    params: { uuid: "u-1" },
    fail: (context, fail) => Object.assign(getServices(context).api, { documents: { file: fail } }),
  },
  {
    name: "a ticket's attachment",
    path: "/area-personale/richieste/1/articoli/2/allegati/3",
    loader: ticketAttachment.loader,
    params: { id: "1", articleId: "2", attachmentId: "3" },
    fail: (context, fail) =>
      Object.assign(getServices(context).api, { crm: { ticket: fail, articles: fail, attachment: fail } }),
  },
  {
    name: "a debt position's receipt",
    path: `/area-personale/pagamenti/${IUV}/ricevuta`,
    loader: receipt.loader,
    params: { iuv: IUV },
    fail: (context, fail) => Object.assign(getServices(context).api, { ppay: { receipt: fail } }),
  },
  {
    name: "a debt position's notice",
    path: `/area-personale/pagamenti/${IUV}/avviso`,
    loader: notice.loader,
    params: { iuv: IUV },
    fail: (context, fail) => Object.assign(getServices(context).api, { ppay: { notice: fail } }),
  },
  {
    name: "a MYPAY due's notice",
    path: `/area-personale/dovuti/${IUV}/avviso`,
    loader: mypayNotice.loader,
    params: { iuv: IUV },
    fail: (context, fail) => Object.assign(getServices(context).api, { mypay: { posizioni: fail } }),
  },
  {
    name: "the payer's receipt",
    path: "/servizi/pagamento-esito/ricevuta",
    loader: payerReceipt.loader,
    flows: { "pay-outcome": { v: 1, system: "ppay", iuv: IUV, taxCode: GIULIA.codFisc } },
    fail: (context, fail) => Object.assign(getServices(context).api, { ppay: { payerReceipt: fail } }),
  },
  {
    name: "a disruption report's receipt",
    path: "/servizi/segnalazioni/12/ricevuta",
    loader: disruptionReceipt.loader,
    params: { id: "12" },
    fail: (context, fail) => Object.assign(getServices(context).api, { disruption: { receipt: fail } }),
  },
  {
    name: "an appointment's calendar file",
    path: `/servizi/prenotazione-appuntamento/calendario/1019?hash=${HASH}`,
    loader: calendar.loader,
    params: { id: "1019" },
    fail: (context, fail) =>
      Object.assign(getServices(context).api, { appschedPublic: stubAppsched({ getByHash: fail }) }),
  },
];

async function download(route: (typeof ROUTES)[number], status: 502 | 504, locale: Locale) {
  const { context } = createStubContext({ user: GIULIA, locale, flows: route.flows });
  route.fail(context, failing(status, locale));
  const url = new URL(`http://comune-a.localhost${route.path}`);
  const args = { request: new Request(url), context, params: route.params ?? {}, url };
  return route.loader(args as never);
}

describe("every download answers an upstream failure the one way", () => {
  test.each(ROUTES.map((route) => [route.name, route] as const))("%s", async (_name, route) => {
    for (const [status, locale] of [
      [502, "it"],
      [504, "en"],
    ] as const) {
      const res = await download(route, status, locale);
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("content-language")).toBe(locale);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-disposition")).toBeNull();
      expect(await res.text()).toBe(TEXTS[locale][status]);
    }
  });

  test("the spontaneous notice no longer kept: a 404 text in the page's language, not an Italian page", async () => {
    for (const locale of ["it", "en"] as const) {
      const { context } = createStubContext({ locale });
      const res = await spontaneousNotice.loader({ context } as never);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("content-language")).toBe(locale);
      expect(await res.text()).toMatch(
        locale === "it"
          ? /^Avviso di pagamento non più disponibile\. /
          : /^Payment notice no longer available\. /,
      );
    }
  });
});
