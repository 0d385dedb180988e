import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("logout", "routes/logout.tsx"),
  route("manutenzione", "routes/maintenance.tsx"),
  route("valutazione", "routes/rating.tsx"),
  // The push opt-in's device token, posted by the browser (issue #29): added to the citizen's push contacts.
  route("notifiche-push/token", "routes/push/token.ts"),
  // The push opt-in was shown: no other tab of the browser session asks again (issue #40).
  route("notifiche-push/chiesto", "routes/push/asked.ts"),
  // Personal area (issue #9): one layout (heading, tabs) and its tabs; the profile pages sit outside the tabs.
  route("area-personale", "routes/personal-area/layout.tsx", [
    index("routes/personal-area/desk.tsx"),
    route("attivita", "routes/personal-area/activities.tsx"),
    // Messages (NOTIFICATIONS)
    route("messaggi", "routes/personal-area/messages.tsx"),
    route("messaggi/:id", "routes/personal-area/message.tsx"),
    // Documents (MY_DOCS) and favourite services
    route("documenti", "routes/personal-area/documents.tsx"),
    route("documenti/:uuid/file", "routes/personal-area/document-file.ts"),
    route("servizi", "routes/personal-area/services.tsx"),
    // Assistance tickets (ASSISTENZA_CRM): one ticket with its conversation, and an attachment's download
    route("richieste/:id", "routes/tickets/ticket.tsx"),
    route("richieste/:id/articoli/:articleId/allegati/:attachmentId", "routes/tickets/attachment.ts"),
    // Submitted forms (MOON, issue #29): an instance's receipt, a draft's deletion (confirmation page), duplication
    route("pratiche/:codice/ricevuta", "routes/instances/receipt.ts"),
    route("pratiche/:codice/elimina", "routes/instances/delete.tsx"),
    route("pratiche/:codice/duplica", "routes/instances/duplicate.ts"),
    // Delegations (DELEGHE, issue #28): three lists (whom I delegated, who delegated me, my requests), a request's
    // attachment, the new online delegation (choice, steps, success), the request with documents (steps, success).
    route("deleghe", "routes/deleghe/layout.tsx", [
      index("routes/deleghe/list.tsx", { id: "deleghe-index" }),
      route("delegati", "routes/deleghe/list.tsx", { id: "deleghe-delegati" }),
      route("deleganti", "routes/deleghe/list.tsx", { id: "deleghe-deleganti" }),
      route("richieste", "routes/deleghe/list.tsx", { id: "deleghe-richieste" }),
    ]),
    route("deleghe/richieste/:id/allegati/:slot", "routes/deleghe/attachment.ts"),
    route("deleghe/nuova", "routes/deleghe/new.tsx"),
    route("deleghe/nuova/online", "routes/deleghe/online.tsx"),
    route("deleghe/nuova/successo", "routes/deleghe/success.tsx"),
    route("deleghe/nuova/richiesta", "routes/deleghe/request.tsx"),
    route("deleghe/nuova/richiesta/successo", "routes/deleghe/request-success.tsx"),
  ]),
  // Acting for a delegator (DELEGHE, issue #28): the choice among the upstream's delegators and "Cancella delegato".
  route("area-personale/per-conto-di", "routes/deleghe/acting-for.ts"),
  // Profile and notification preferences (NOTIFICATIONS)
  route("area-personale/profilo-utente", "routes/profile/profile.tsx"),
  route("area-personale/profilo-utente/componi", "routes/profile/compose.tsx"),
  route("area-personale/profilo-utente/componi/successo", "routes/profile/compose-success.tsx"),
  // Payments (PPAY): pay by IUV, the receipt and notice downloads, the pagoPA outcome
  route("area-personale/pagamento-iuv/:iuv", "routes/payments/pay-by-iuv.tsx"),
  route("area-personale/pagamenti/:iuv/ricevuta", "routes/payments/receipt.ts"),
  route("area-personale/pagamenti/:iuv/avviso", "routes/payments/notice.ts"),
  // MYPAY dues of the citizen (issue #25): pay one (pagoPA checkout), download its notice or (issue #40) its receipt
  route("area-personale/dovuti/:iuv/paga", "routes/payments/mypay-pay.ts"),
  route("area-personale/dovuti/:iuv/avviso", "routes/payments/mypay-notice.ts"),
  route("area-personale/dovuti/:iuv/ricevuta", "routes/payments/mypay-receipt.ts"),
  route("servizi/pagamento-esito", "routes/payments/outcome.tsx"),
  route("servizi/pagamento-esito/ricevuta", "routes/payments/payer-receipt.ts"),
  // A payment service of the catalogue (PPAY or MYPAY): the citizen's positions of its type, and its pagoPA outcome.
  route("servizi/pagamenti/:id", "routes/payments/service.tsx"),
  route("servizi/pagamenti/:id/esito-pagamento", "routes/payments/service-outcome.tsx"),
  // Spontaneous payments (PPAY and MYPAY, issue #10): one layout per system, same modules, different route ids.
  ...(["ppay", "mypay"] as const).map((system) =>
    route(
      `servizi/${system}/pagamento-spontaneo`,
      "routes/payments/spontaneous/layout.tsx",
      { id: `spontaneous-${system}` },
      [
        index("routes/payments/spontaneous/home.tsx", { id: `spontaneous-${system}-home` }),
        route("online", "routes/payments/spontaneous/flow.tsx", { id: `spontaneous-${system}-online` }),
        route("avviso-pagamento", "routes/payments/spontaneous/flow.tsx", {
          id: `spontaneous-${system}-notice`,
        }),
      ],
    ),
  ),
  route("avviso-pagamento/esito", "routes/payments/spontaneous/notice-outcome.tsx"),
  route("avviso-pagamento/esito/avviso.pdf", "routes/payments/spontaneous/notice-file.ts"),
  route("servizio-non-disponibile", "routes/service-unavailable.tsx"),
  route("servizio-non-active", "routes/service-not-active.tsx"),
  route("dev/simulazione-logout", "routes/dev-login-toggle.tsx"),

  // Appointments (APPSCHED)
  route("servizi/prenotazione-appuntamento", "routes/appointments/booking.tsx", {
    id: "servizio-prenotazione-appuntamento",
  }),
  route("servizi/prenotazione-appuntamento-2", "routes/appointments/booking-from-service.tsx"),
  route("servizi/prenotazione-appuntamento/successo/:id", "routes/appointments/booking-success.tsx"),
  route("servizi/prenotazione-appuntamento/calendario/:id", "routes/appointments/booking-calendar.ts"),
  route("servizi/appuntamento/modifica/:id", "routes/appointments/edit.tsx"),
  route("servizi/appuntamento/modifica/successo/:id", "routes/appointments/edit-success.tsx"),
  route("servizi/annullamento-appuntamento/successo", "routes/appointments/cancel-success.tsx"),
  route("servizi/modifica-appuntamento/:hash", "routes/appointments/edit-by-link.tsx"),
  route("servizi/modifica-appuntamento/successo/:hash", "routes/appointments/edit-by-link-success.tsx"),

  // Public pages: FAQ (knowledge base) and the service detail ("servizio-moon")
  route("faq", "routes/faq/layout.tsx", [
    index("routes/faq/index.tsx"),
    route(":id/dettagli/:metaTitle?", "routes/faq/detail.tsx"),
  ]),
  // The services catalogue (issue #12), for municipalities without a CMS of their own.
  route("servizi", "routes/services-catalogue.tsx"),
  route("servizi/:id", "routes/service-detail.tsx", { id: "servizio-moon" }),
  // The pages a municipality without a website of its own needs (issue #24): topics, legal notes, privacy notice.
  route("argomenti", "routes/information/topics.tsx"),
  route("argomenti/:topic", "routes/information/topic.tsx"),
  route("note-legali", "routes/information/legal-notes.tsx"),
  route("privacy", "routes/information/privacy.tsx"),

  // Assistance request (ASSISTENZA_CRM, issue #11): the form, its dependent list, draft deletion, the outcome page.
  route("nuova-richiesta", "routes/assistance/request.tsx"),
  route("nuova-richiesta/tipologie", "routes/assistance/sub-services.ts"),
  route("nuova-richiesta/bozze/:id/elimina", "routes/assistance/delete-draft.tsx"),
  route("feedback", "routes/assistance/feedback.tsx"),

  // Not offered by this release yet: they answer with the "servizio non attivo" page (see the module).

  // Disruption report (DISSERVIZIO_CRM, issue #11): three steps, the outcome and the receipt PDF.
  route("servizi/segnalazioni/nuova", "routes/disruption/report.tsx"),
  route("servizi/segnalazioni/nuova/esito", "routes/disruption/outcome.tsx"),
  route("servizi/segnalazioni/:id/ricevuta", "routes/disruption/receipt.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
