// The app layer's index of the texts (like `routes.ts` for the routes): the one module of the shared frame that names
// every feature's catalogue. Nothing under client/i18n, client/lib or client/components imports a feature; the
// entries give this catalogue to `provideEnglish` (entry.server.tsx always, entry.client.tsx on an English page).
import type { BaseKey } from "#client/i18n/it.ts";
import { baseEn } from "#client/i18n/en.ts";
import type { appointmentsIt } from "#client/features/appointments/texts.ts";
import type { personalAreaIt } from "#client/features/personal-area/texts.ts";
import type { messagesIt } from "#client/features/messages/texts.ts";
import type { documentsIt } from "#client/features/documents/texts.ts";
import type { personalServicesIt } from "#client/features/personal-services/texts.ts";
import type { profileIt } from "#client/features/profile/texts.ts";
import type { serviceCardIt } from "#client/features/service-detail/texts.ts";
import type { servicesCatalogueIt } from "#client/features/services-catalogue/texts.ts";
import type { paymentsIt } from "#client/features/payments/texts.ts";
import type { spontaneousIt } from "#client/features/payments/spontaneous/texts.ts";
import type { ticketsIt } from "#client/features/tickets/texts.ts";
import type { instancesIt } from "#client/features/instances/texts.ts";
import type { delegheIt } from "#client/features/deleghe/texts.ts";
import type { disruptionIt } from "#client/features/disruption/texts.ts";
import type { assistanceIt } from "#client/features/assistance/texts.ts";
import type { informationIt } from "#client/features/information-pages/texts.ts";
import type { pushIt } from "#client/features/shell/push/texts.ts";
import type { actingForIt } from "#client/lib/acting-for/index.ts";
import { appointmentsEn } from "#client/features/appointments/texts.en.ts";
import { personalAreaEn } from "#client/features/personal-area/texts.en.ts";
import { messagesEn } from "#client/features/messages/texts.en.ts";
import { documentsEn } from "#client/features/documents/texts.en.ts";
import { personalServicesEn } from "#client/features/personal-services/texts.en.ts";
import { profileEn } from "#client/features/profile/texts.en.ts";
import { serviceCardEn } from "#client/features/service-detail/texts.en.ts";
import { servicesCatalogueEn } from "#client/features/services-catalogue/texts.en.ts";
import { paymentsEn } from "#client/features/payments/texts.en.ts";
import { spontaneousEn } from "#client/features/payments/spontaneous/texts.en.ts";
import { ticketsEn } from "#client/features/tickets/texts.en.ts";
import { instancesEn } from "#client/features/instances/texts.en.ts";
import { delegheEn } from "#client/features/deleghe/texts.en.ts";
import { disruptionEn } from "#client/features/disruption/texts.en.ts";
import { assistanceEn } from "#client/features/assistance/texts.en.ts";
import { informationEn } from "#client/features/information-pages/texts.en.ts";
import { pushEn } from "#client/features/shell/push/texts.en.ts";
import { actingForEn } from "#client/lib/acting-for/texts.en.ts";
import type { validationIt } from "#shared/validation/texts.ts";
import { validationEn } from "#shared/validation/texts.en.ts";

/** Every feature's Italian catalogue, and the validation rules' (types only: the Italian texts come with the components that use them). */
type FeatureCatalogues = typeof appointmentsIt &
  typeof personalAreaIt &
  typeof messagesIt &
  typeof documentsIt &
  typeof personalServicesIt &
  typeof profileIt &
  typeof serviceCardIt &
  typeof servicesCatalogueIt &
  typeof paymentsIt &
  typeof spontaneousIt &
  typeof ticketsIt &
  typeof instancesIt &
  typeof delegheIt &
  typeof disruptionIt &
  typeof assistanceIt &
  typeof informationIt &
  typeof pushIt &
  typeof actingForIt &
  typeof validationIt;

/** Every key of every catalogue, the base and the features': the keys the English catalogue must have. */
export type MessageKey = BaseKey | keyof FeatureCatalogues;

/**
 * English: every text, the base catalogue's and every feature's. The type makes every Italian key mandatory here. In
 * the browser it is a chunk of its own, loaded only by English pages (entry.client.tsx).
 */
export const en: Record<MessageKey, string> = {
  ...appointmentsEn,
  ...personalAreaEn,
  ...messagesEn,
  ...documentsEn,
  ...personalServicesEn,
  ...profileEn,
  ...serviceCardEn,
  ...servicesCatalogueEn,
  ...paymentsEn,
  ...spontaneousEn,
  ...ticketsEn,
  ...instancesEn,
  ...delegheEn,
  ...disruptionEn,
  ...assistanceEn,
  ...informationEn,
  ...pushEn,
  ...actingForEn,
  ...validationEn,
  ...baseEn,
};
