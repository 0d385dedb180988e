import { weekdayHours } from "./catalog-hours.ts";
import type { TenantCatalog } from "./catalog-types.ts";

/** comune-b, Comune di Montealto (public appointments disabled there). */
export const montealtoCatalog: TenantCatalog = {
  categories: [
    { id: "1", name: "Servizi demografici" },
    { id: "2", name: "Suolo pubblico e attività produttive" },
  ],
  offices: [
    {
      id: "21",
      categoryId: "1",
      name: "Sportello Servizi demografici",
      location: "Corso Garibaldi 12, 24030 Montealto (BG)",
      description: "Carta d'identità, residenza, certificati e stato civile.",
      additionalInformations: "Cosa serve: documento d'identità e codice fiscale.",
      activitiesRelated: [
        { id: "21", name: "Carta d'identità elettronica" },
        { id: "22", name: "Iscrizione anagrafica" },
      ],
      openingHours: [1, 3, 5].map((weekday) => ({ weekday, from: "08:30", to: "12:30" })),
      slotMinutes: 20,
      capacity: 2,
      autoApprove: true,
    },
    {
      id: "22",
      categoryId: "2",
      name: "Sportello unico attività produttive (SUAP)",
      location: "Piazza della Libertà 1, 24030 Montealto (BG)",
      description: "Occupazione di suolo pubblico, dehors e autorizzazioni per le attività commerciali.",
      additionalInformations:
        "Cosa serve: numero di protocollo della pratica, se già presentata, e una planimetria.",
      activitiesRelated: [
        { id: "23", name: "Occupazione di suolo pubblico" },
        { id: "24", name: "Autorizzazioni commerciali" },
      ],
      openingHours: [2, 4].map((weekday) => ({ weekday, from: "09:00", to: "12:00" })),
      slotMinutes: 45,
      capacity: 1,
      autoApprove: false,
    },
  ],
};

/** comune-c, Comune di Roccaserena. */
export const roccaserenaCatalog: TenantCatalog = {
  categories: [
    { id: "1", name: "Anagrafe e stato civile" },
    { id: "2", name: "Cultura e turismo" },
  ],
  offices: [
    {
      id: "31",
      categoryId: "1",
      name: "Ufficio Anagrafe e Stato civile",
      location: "Via delle Scuole 4, 53020 Roccaserena (SI)",
      description: "Carta d'identità elettronica e pubblicazioni di matrimonio.",
      additionalInformations: "Cosa serve: documento d'identità, codice fiscale e una fototessera recente.",
      activitiesRelated: [
        { id: "31", name: "Carta d'identità elettronica" },
        { id: "32", name: "Pubblicazioni di matrimonio" },
      ],
      openingHours: weekdayHours({ from: "10:00", to: "12:00" }),
      slotMinutes: 30,
      capacity: 1,
      autoApprove: true,
    },
    {
      id: "32",
      categoryId: "2",
      name: "Ufficio turistico della Rocca",
      location: "Piazza della Rocca 1, 53020 Roccaserena (SI)",
      description: "Visite guidate alla Rocca, anche nel fine settimana.",
      additionalInformations: "Cosa serve: scarpe comode; la visita dura circa un'ora.",
      activitiesRelated: [{ id: "33", name: "Visita guidata alla Rocca" }],
      openingHours: [6, 7].map((weekday) => ({ weekday, from: "10:00", to: "12:00" })),
      slotMinutes: 60,
      capacity: 4,
      autoApprove: true,
    },
  ],
};
