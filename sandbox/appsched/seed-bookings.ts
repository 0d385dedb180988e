import type { AppointmentStatus } from "#shared/api/appsched.ts";
import { addDaysToDay, romeDayOf } from "#shared/dates.ts";
import { seedCitizens } from "../seed/citizens.ts";
import type { AppschedState, StoredCustomer } from "./appointment-types.ts";
import { insertAppointment } from "./appointment-store.ts";
import { findOffice } from "./catalog.ts";
import type { Office } from "./catalog-types.ts";
import { sendAppointmentMail } from "./mail.ts";
import { getSlotGrid, isOfficeOpen } from "./schedule.ts";
import { getSeedAppointmentHash } from "./tokens.ts";

type SeedBooking = {
  tenantId: string;
  officeId: string;
  /** Open day of the office counted from today: 0 = the first open day after today, -1 = the last one before. */
  openDay: number;
  time: string;
  notes: string;
  customer: StoredCustomer;
  owned: boolean;
  status?: AppointmentStatus;
};

export function seedBookings(state: AppschedState, now: Date): void {
  for (const booking of getSeedBookings(romeDayOf(now))) {
    const office = findOffice(booking.tenantId, booking.officeId)!;
    const day = findOpenDay(office, romeDayOf(now), booking.openDay);
    const appointment = insertAppointment(state, {
      tenantId: booking.tenantId,
      office,
      day,
      time: booking.time,
      notes: booking.notes,
      customer: booking.customer,
      ownerCf: booking.owned ? booking.customer.codice_fiscale : null,
      status: booking.status ?? (office.autoApprove ? "APPROVATA" : "IN_ATTESA"),
      book: new Date(now.getTime() - 86_400_000 * 20),
      hash: getSeedAppointmentHash(booking.tenantId, state.nextAppointmentId),
    });
    if (day > romeDayOf(now) && appointment.status !== "ANNULLATA") {
      sendAppointmentMail(state, "created", appointment, office, now);
    }
  }
}

function findOpenDay(office: Office, today: string, index: number): string {
  const step = index < 0 ? -1 : 1;
  let remaining = index < 0 ? -index : index + 1;
  let day = today;
  while (remaining > 0) {
    day = addDaysToDay(day, step);
    if (isOfficeOpen(office, day)) remaining--;
  }
  return day;
}

function getSeedBookings(today: string): SeedBooking[] {
  const [mario, giulia, , anna] = seedCitizens().map((citizen): StoredCustomer => ({
    firstName: citizen.nome,
    lastName: citizen.cognome,
    email: citizen.email ?? "",
    codice_fiscale: citizen.codFisc,
  }));
  const anonymous = (index: number): StoredCustomer => ({
    firstName: ["Paolo", "Chiara", "Davide", "Elena", "Franco", "Sara", "Marco", "Irene"][index % 8]!,
    lastName: ["Neri", "Gallo", "Ferrari", "Greco", "Romano", "Colombo", "Ricci", "Marino"][index % 8]!,
    email: `prenotazione${index + 1}@example.it`,
    codice_fiscale: null,
  });
  return [
    ...citizenBookings(mario!, giulia!),
    ...annaBookings(anna!),
    ...nearlyFullDay(anonymous, today),
    {
      tenantId: "comune-a",
      officeId: "11",
      openDay: 0,
      time: "09:00",
      notes: "(2) Cambio di residenza - Trasferimento da altro comune",
      customer: anonymous(10),
      owned: false,
    },
    {
      tenantId: "comune-a",
      officeId: "11",
      openDay: 0,
      time: "09:00",
      notes: "(1) Carta d'identità elettronica - Primo rilascio",
      customer: anonymous(11),
      owned: false,
    },
    {
      tenantId: "comune-a",
      officeId: "11",
      openDay: 0,
      time: "09:30",
      notes: "(3) Certificati anagrafici - Stato di famiglia",
      customer: anonymous(12),
      owned: false,
    },
  ];
}

/** What Mario's and Giulia's bookings on comune-a share: the municipality, and they are theirs (`owned`). */
const ownedInValverde = { tenantId: "comune-a", owned: true };

/** Mario on comune-a: two ahead, one behind (APPROVATA), one cancelled. */
function marioInValverde(mario: StoredCustomer): SeedBooking[] {
  return [
    {
      ...ownedInValverde,
      officeId: "11",
      openDay: 1,
      time: "09:30",
      notes: "(1) Carta d'identità elettronica - Rinnovo della carta scaduta",
      customer: mario,
    },
    {
      ...ownedInValverde,
      officeId: "12",
      openDay: 3,
      time: "11:00",
      notes: "(4) Pubblicazioni di matrimonio - Quali documenti servono",
      customer: mario,
    },
    {
      ...ownedInValverde,
      officeId: "13",
      openDay: -5,
      time: "10:00",
      notes: "(7) IMU - Calcolo dell'acconto",
      customer: mario,
      status: "APPROVATA",
    },
    {
      ...ownedInValverde,
      officeId: "11",
      openDay: 5,
      time: "10:00",
      notes: "(3) Certificati anagrafici - Certificato di residenza",
      customer: mario,
      status: "ANNULLATA",
    },
  ];
}

/** Giulia on comune-a: one ahead, one under review, one waiting for more documents, one refused (behind). */
function giuliaInValverde(giulia: StoredCustomer): SeedBooking[] {
  return [
    {
      ...ownedInValverde,
      officeId: "13",
      openDay: 2,
      time: "09:00",
      notes: "(8) TARI - Riduzione per compostaggio domestico",
      customer: giulia,
    },
    {
      ...ownedInValverde,
      officeId: "11",
      openDay: 4,
      time: "11:30",
      notes: "(2) Cambio di residenza - Cambio di indirizzo nel comune",
      customer: giulia,
      status: "IN_REVISIONE",
    },
    {
      ...ownedInValverde,
      officeId: "13",
      openDay: 6,
      time: "10:30",
      notes: "(9) Rateizzazione - Avviso TARI 2025",
      customer: giulia,
      status: "IN_ATTESA_INTEGRAZIONE",
    },
    {
      ...ownedInValverde,
      officeId: "11",
      openDay: -3,
      time: "12:00",
      notes: "(1) Carta d'identità elettronica - Furto del documento",
      customer: giulia,
      status: "RIFIUTATA",
    },
  ];
}

/** Mario and Giulia: their bookings on comune-a, then Mario's on comune-b. */
function citizenBookings(mario: StoredCustomer, giulia: StoredCustomer): SeedBooking[] {
  return [
    ...marioInValverde(mario),
    ...giuliaInValverde(giulia),
    {
      tenantId: "comune-b",
      officeId: "21",
      openDay: 1,
      time: "08:50",
      notes: "(21) Carta d'identità elettronica - Rinnovo",
      customer: mario,
      owned: true,
    },
  ];
}

/** Anna Esposito, the citizen "with everything": one appointment ahead on comune-a, one behind on comune-b. */
function annaBookings(anna: StoredCustomer): SeedBooking[] {
  return [
    {
      tenantId: "comune-a",
      officeId: "12",
      openDay: 2,
      time: "10:00",
      notes: "(4) Pubblicazioni di matrimonio - Appuntamento per le pubblicazioni",
      customer: anna,
      owned: true,
    },
    {
      tenantId: "comune-b",
      officeId: "21",
      openDay: -2,
      time: "09:10",
      notes: "(21) Carta d'identità elettronica - Ritiro della carta",
      customer: anna,
      owned: true,
      status: "APPROVATA",
    },
  ];
}

/** Ufficio Tributi (one place per slot): its first open day is booked except the last morning slot. */
function nearlyFullDay(anonymous: (index: number) => StoredCustomer, today: string): SeedBooking[] {
  const office = findOffice("comune-a", "13")!;
  const grid = getSlotGrid(office, findOpenDay(office, today, 0));
  return grid.slice(0, -1).map((time, index) => ({
    tenantId: "comune-a",
    officeId: "13",
    openDay: 0,
    time,
    notes: "(7) IMU - Verifica dei versamenti",
    customer: anonymous(index),
    owned: false,
  }));
}
