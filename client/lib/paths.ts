/** The only place portal URLs are spelled. */
export const paths = {
  home: "/",
  logout: "/logout",
  personalArea: "/area-personale",
  profile: "/area-personale/profilo-utente/",
  faq: "/faq",
  assistance: "/nuova-richiesta",
  booking: "/servizi/prenotazione-appuntamento",
  report: "/servizi/segnalazioni/nuova",
  notAvailable: "/servizio-non-disponibile",
  notActive: "/servizio-non-active",
  maintenance: "/manutenzione",
  rating: "/valutazione",
  apiLogout: "/api/utenti/logout",
  login(redirector: string): string {
    return `/api/utenti/login?redirector=${encodeURIComponent(redirector)}`;
  },
} as const;
