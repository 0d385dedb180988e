import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("logout", "routes/logout.tsx"),
  route("manutenzione", "routes/maintenance.tsx"),
  route("valutazione", "routes/rating.tsx"),
  route("area-personale", "routes/personal-area.tsx"),
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

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
