import {
  ACTING_FOR_HEADERS,
  DelegantiByServiceSchema,
  type ActingForApi,
  type ActingForDelegation,
} from "#shared/api/deleghe.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";
import { createPpayApi } from "./ppay.ts";
import { createAppschedApi, ownAppointmentsOnly } from "./appsched.ts";

/** The request's context with the delegation's headers (our contract: `shared/api/deleghe.ts`). */
function forDelegation(ctx: UpstreamRequestContext, d: ActingForDelegation): UpstreamRequestContext {
  return {
    ...ctx,
    extraHeaders: {
      ...ctx.extraHeaders,
      [ACTING_FOR_HEADERS.delega]: d.uuidDelega,
      [ACTING_FOR_HEADERS.delegante]: d.delegante.codiceFiscale,
    },
  };
}

/**
 * Calls made for a delegator (issue #28). The callers (`client/lib/acting-for.server.ts`) hand over only a delegation
 * the portal has just found in `deleganti-by-service` for this request; here each call names it in its headers and
 * uses the delegator's fiscal code where the call carries one. Appointments are bound to the delegator the way the
 * citizen's own are bound to the citizen (`ownAppointmentsOnly`).
 */
export function createActingForApi(ctx: UpstreamRequestContext): ActingForApi {
  const ppay = (d: ActingForDelegation) => createPpayApi(forDelegation(ctx, d));
  const appsched = (d: ActingForDelegation) =>
    ownAppointmentsOnly(
      createAppschedApi(forDelegation(ctx, d), "api"),
      async () => d.delegante.codiceFiscale,
    );
  const cf = (d: ActingForDelegation) => d.delegante.codiceFiscale;
  return {
    async delegantiByService(idServizio) {
      const { data } = await callUpstream(ctx, {
        service: "deleghe",
        path: `api/deleghe/deleganti-by-service/${encodeURIComponent(String(idServizio))}`,
        schema: DelegantiByServiceSchema,
      });
      return data;
    },
    ppay: {
      debtPositions: (d, query) => ppay(d).debtPositions(cf(d), query),
      debtPosition: (d, iuv) => ppay(d).debtPosition(cf(d), iuv),
      receipt: (d, iuv) => ppay(d).receipt(cf(d), iuv),
      notice: (d, iuv) => ppay(d).notice(cf(d), iuv),
      paymentUrl: (d, iuv, origin) => ppay(d).paymentUrl(iuv, origin),
    },
    appsched: {
      createAppointment: (d, input, options) => appsched(d).createAppointment(input, options),
      listAppointments: (d, codiceFiscale) => appsched(d).listAppointments(codiceFiscale),
      getAppointment: (d, id, accessToken) => appsched(d).getAppointment(id, accessToken),
      updateAppointment: (d, id, input) => appsched(d).updateAppointment(id, input),
      deleteAppointment: (d, id) => appsched(d).deleteAppointment(id),
    },
  };
}
