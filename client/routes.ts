import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("logout", "routes/logout.tsx"),
  route("manutenzione", "routes/maintenance.tsx"),
  route("valutazione", "routes/rating.tsx"),
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
  ]),
  // Profile and notification preferences (NOTIFICATIONS)
  route("area-personale/profilo-utente", "routes/profile/profile.tsx"),
  route("area-personale/profilo-utente/componi", "routes/profile/compose.tsx"),
  route("area-personale/profilo-utente/componi/successo", "routes/profile/compose-success.tsx"),
  // Payments (PPAY): pay by IUV, the receipt and notice downloads, the pagoPA outcome
  route("area-personale/pagamento-iuv/:iuv", "routes/payments/pay-by-iuv.tsx"),
  route("area-personale/pagamenti/:iuv/ricevuta", "routes/payments/receipt.ts"),
  route("area-personale/pagamenti/:iuv/avviso", "routes/payments/notice.ts"),
  route("servizi/pagamento-esito", "routes/payments/outcome.tsx"),
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

  // Not offered by this release yet: they answer with the "servizio non attivo" page (see the module).
  route("nuova-richiesta", "routes/service-pending.tsx", { id: "pending-assistance" }),
  route("servizi/segnalazioni/nuova", "routes/service-pending.tsx", { id: "pending-report" }),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
