import { weekdayHours } from "./catalog-hours.ts";
import type { TenantCatalog } from "./catalog-types.ts";

const standardHours = weekdayHours(
  { from: "09:00", to: "12:30" },
  { weekdays: [2, 4], from: "14:30", to: "16:30" },
);

/** comune-a, Comune di Valverde (TO). */
export const valverdeCatalog: TenantCatalog = {
  categories: [
    { id: "1", name: "Anagrafe e stato civile" },
    { id: "2", name: "Tributi" },
    { id: "3", name: "Polizia locale" },
  ],
  offices: [
    {
      id: "11",
      categoryId: "1",
      name: "Ufficio Anagrafe - Sede centrale",
      location: "Via Roma 1, 10060 Valverde (TO)",
      description: "Carta d'identità elettronica, residenza e certificati anagrafici.",
      additionalInformations:
        "Cosa serve: documento d'identità in corso di validità e tessera sanitaria. " +
        "Per la carta d'identità porta una fototessera recente.",
      activitiesRelated: [
        { id: "1", name: "Carta d'identità elettronica" },
        { id: "2", name: "Cambio di residenza" },
        { id: "3", name: "Certificati anagrafici" },
      ],
      openingHours: standardHours,
      slotMinutes: 30,
      capacity: 2,
      autoApprove: true,
    },
    {
      id: "12",
      categoryId: "1",
      name: "Sportello virtuale Stato civile",
      location: "Sportello virtuale (videochiamata)",
      description: "Informazioni su matrimoni, unioni civili e atti di stato civile, in videochiamata.",
      additionalInformations:
        "Cosa serve: un computer o uno smartphone con webcam e il documento d'identità a portata di mano. " +
        "Il link della videochiamata è nella e-mail di conferma.",
      activitiesRelated: [
        { id: "4", name: "Pubblicazioni di matrimonio" },
        { id: "5", name: "Unioni civili" },
        { id: "6", name: "Atti di nascita e di morte" },
      ],
      openingHours: weekdayHours({ from: "09:00", to: "12:30" }),
      slotMinutes: 30,
      capacity: 1,
      autoApprove: true,
      virtual: true,
      videoCallUrl: "https://videochiamata.comune.valverde.it/stato-civile",
    },
    {
      id: "13",
      categoryId: "2",
      name: "Ufficio Tributi",
      location: "Piazza del Municipio 3, 10060 Valverde (TO)",
      description: "IMU, TARI e rateizzazioni: ricevimento su appuntamento.",
      additionalInformations:
        "Cosa serve: documento d'identità, codice fiscale e gli avvisi di pagamento ricevuti.",
      activitiesRelated: [
        { id: "7", name: "IMU" },
        { id: "8", name: "TARI" },
        { id: "9", name: "Rateizzazione" },
      ],
      openingHours: standardHours,
      slotMinutes: 30,
      capacity: 1,
      autoApprove: false,
      // San Giovanni Battista, patron saint of Valverde.
      closedDays: ["2026-06-24", "2027-06-24", "2028-06-24"],
    },
    {
      // The disabled parking permit (service 109's `idSportello`): its own category, so that a delegation for the
      // identity card and the permit covers two categories of the three (issue #36).
      id: "14",
      categoryId: "3",
      name: "Comando di Polizia locale",
      location: "Via Garibaldi 8, 10060 Valverde (TO)",
      description: "Contrassegni di parcheggio per persone con disabilità e permessi di circolazione.",
      additionalInformations:
        "Cosa serve: documento d'identità, certificato medico-legale e una fototessera recente.",
      activitiesRelated: [
        { id: "10", name: "Contrassegno di parcheggio per disabili" },
        { id: "11", name: "Permessi di circolazione" },
      ],
      openingHours: weekdayHours({ from: "09:00", to: "12:00" }),
      slotMinutes: 30,
      capacity: 1,
      autoApprove: true,
    },
  ],
};
