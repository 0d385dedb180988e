import {
  DelegantiByServiceSchema,
  type ActingForApi,
  type ActingForDelegation,
} from "#shared/api/deleghe.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";
import { createPpayApi } from "./ppay.ts";
import { createAppschedApi, ownAppointmentsOnly } from "./appsched.ts";

/**
 * Calls made for a delegator (issue #28; docs/decisions/upstream-writes.md). The callers
 * (`client/lib/acting-for/`) hand over only a delegation the portal has just found in
 * `deleganti-by-service` for this request. A call names the delegator the one way the BFF's proxies carry (they
 * rebuild every request with their own headers only): the delegator's fiscal code where the call carries one, PPAY's
 * `citizens/{cf}` path, the appointments' `codice_fiscale` and the booking's customer. The upstream trusts it; the
 * portal is the gatekeeper. Appointments are bound to the delegator the way the citizen's own are bound to the
 * citizen (`ownAppointmentsOnly`).
 */
export function createActingForApi(ctx: UpstreamRequestContext): ActingForApi {
  const ppay = () => createPpayApi(ctx);
  const appsched = (d: ActingForDelegation) =>
    ownAppointmentsOnly(createAppschedApi(ctx, "api"), async () => d.delegante.codiceFiscale);
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
      debtPositions: (d, query) => ppay().debtPositions(cf(d), query),
      debtPosition: (d, iuv) => ppay().debtPosition(cf(d), iuv),
      receipt: (d, iuv) => ppay().receipt(cf(d), iuv),
      notice: (d, iuv) => ppay().notice(cf(d), iuv),
      paymentUrl: (_d, iuv) => ppay().paymentUrl(iuv),
    },
    appsched: {
      createAppointment: (d, input) => appsched(d).createAppointment(input),
      listAppointments: (d, codiceFiscale) => appsched(d).listAppointments(codiceFiscale),
      getAppointment: (d, id, accessToken) => appsched(d).getAppointment(id, accessToken),
      updateAppointment: (d, id, input) => appsched(d).updateAppointment(id, input),
      deleteAppointment: (d, id) => appsched(d).deleteAppointment(id),
    },
  };
}
