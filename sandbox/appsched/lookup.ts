import type { StoredAppointment } from "./appointment-types.ts";
import { isPastAppointment } from "./booking.ts";
import { APPOINTMENT_GONE, badRequest, notFound } from "./http-error.ts";
import type { AppschedContext } from "./request-context.ts";
import { isValidAccessToken, isWellFormedHash } from "./tokens.ts";

function findById(context: AppschedContext, idParam: string): StoredAppointment | undefined {
  const id = Number(idParam);
  if (!Number.isSafeInteger(id)) return undefined;
  return context.state.appointments.find(
    (candidate) => candidate.id === id && candidate.tenantId === context.tenant.id,
  );
}

/**
 * Logged-in: only the citizen's own appointments exist; anyone else's id is a 404 like an unknown one. Gaps mode:
 * any appointment of the municipality (the BFF passes the call through with no citizen identity, contract §4).
 */
export function findOwnAppointment(context: AppschedContext, idParam: string): StoredAppointment {
  const appointment = findById(context, idParam);
  const owner = context.citizen?.codFisc;
  if (!appointment || !owner || (!context.gaps && appointment.ownerCf !== owner))
    throw notFound("Appuntamento non trovato");
  return appointment;
}

/** Anonymous: the access token returned at creation is the proof; without it every id is a 404. */
export function findByAccessToken(
  context: AppschedContext,
  idParam: string,
  token: unknown,
): StoredAppointment {
  const appointment = findById(context, idParam);
  if (
    !appointment ||
    !isValidAccessToken(context.state.secret, appointment.tenantId, appointment.id, token)
  ) {
    throw notFound("Appuntamento non trovato");
  }
  return appointment;
}

/** Own appointment when logged in, else the access-token proof. */
export function findReadableAppointment(
  context: AppschedContext,
  idParam: string,
  token: unknown,
): StoredAppointment {
  if (!context.publicApi && context.citizen) return findOwnAppointment(context, idParam);
  return findByAccessToken(context, idParam, token);
}

/** The e-mailed link: 400 when malformed; unknown, cancelled and past appointments are all 404. */
export function findByHash(context: AppschedContext, hash: string): StoredAppointment {
  if (!isWellFormedHash(hash)) throw badRequest("Codice dell'appuntamento non valido");
  const appointment = context.state.appointments.find(
    (candidate) => candidate.hash === hash && candidate.tenantId === context.tenant.id,
  );
  if (!appointment || appointment.status === "ANNULLATA" || isPastAppointment(appointment, context.now)) {
    throw notFound(APPOINTMENT_GONE);
  }
  return appointment;
}
