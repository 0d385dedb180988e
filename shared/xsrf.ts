/** The double-submit token: a cookie, echoed by scripts as a header and by forms as their first field. */
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
export const XSRF_FIELD = "_xsrf";

export const XSRF_REJECTED_MESSAGE =
  "La richiesta non è stata accettata perché il modulo è scaduto o non proviene da questo portale. Ricarica la pagina e riprova.";
