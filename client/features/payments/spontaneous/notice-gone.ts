/**
 * The `kind` of the 404 of `/avviso-pagamento/esito` once the notice is gone (the route's boundary words it). Its own
 * module: the route's component imports it, and the browser gets no zod (docs/decisions/client-weight.md).
 */
export const NOTICE_GONE = "notice:gone";
