// Every Italian catalogue, for the tests that check all the texts at once (English complete, no Italian left on an
// English page). The application never needs them together: a component passes its feature's to `useT`.
import { it } from "#client/i18n/it.ts";
import { appointmentsIt } from "#client/features/appointments/texts.ts";
import { assistanceIt } from "#client/features/assistance/texts.ts";
import { disruptionIt } from "#client/features/disruption/texts.ts";
import { informationIt } from "#client/features/information-pages/texts.ts";
import { documentsIt } from "#client/features/documents/texts.ts";
import { messagesIt } from "#client/features/messages/texts.ts";
import { paymentsIt } from "#client/features/payments/texts.ts";
import { spontaneousIt } from "#client/features/payments/spontaneous/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";
import { personalServicesIt } from "#client/features/personal-services/texts.ts";
import { profileIt } from "#client/features/profile/texts.ts";
import { serviceCardIt } from "#client/features/service-detail/texts.ts";
import { servicesCatalogueIt } from "#client/features/services-catalogue/texts.ts";
import { ticketsIt } from "#client/features/tickets/texts.ts";
import { instancesIt } from "#client/features/instances/texts.ts";
import { delegheIt } from "#client/features/deleghe/texts.ts";
import { pushIt } from "#client/features/shell/push/texts.ts";
import { actingForIt } from "#client/lib/acting-for/index.ts";
import type { MessageKey } from "#client/texts.en.ts";
import { validationIt } from "#shared/validation/texts.ts";

/** The features' Italian catalogues (the base one, `it`, apart). */
export const featureCataloguesIt = [
  appointmentsIt,
  assistanceIt,
  disruptionIt,
  documentsIt,
  informationIt,
  messagesIt,
  paymentsIt,
  spontaneousIt,
  personalAreaIt,
  personalServicesIt,
  profileIt,
  serviceCardIt,
  servicesCatalogueIt,
  ticketsIt,
  instancesIt,
  delegheIt,
  pushIt,
  actingForIt,
] as const;

/** Every Italian text: the base catalogue's, every feature's and the validation rules'. */
export const allItalian = Object.assign({}, it, ...featureCataloguesIt, validationIt) as Record<
  MessageKey,
  string
>;
