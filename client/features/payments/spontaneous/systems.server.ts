import type { PaymentSystem } from "./payment-system.server.ts";
import { ppaySystem } from "./ppay-system.server.ts";
import { mypaySystem } from "./mypay-system.server.ts";

export type SystemId = PaymentSystem["id"];

/** The URL segment of `/servizi/{ppay|mypay}/pagamento-spontaneo` → the payment system behind it. */
export const SYSTEMS: Record<SystemId, PaymentSystem> = { ppay: ppaySystem, mypay: mypaySystem };

export function systemFor(id: SystemId): PaymentSystem {
  return SYSTEMS[id];
}
