/** Opening hours of one weekday (ISO: 1 = Monday … 7 = Sunday), "HH:mm" wall-clock times in Europe/Rome. */
export type OpeningHours = { weekday: number; from: string; to: string };

export type Reason = { id: string; name: string };

/** An office ("Sportello") with its booking rules. Static seed data, never written to the state file. */
export type Office = {
  id: string;
  categoryId: string;
  name: string;
  location: string;
  description: string;
  additionalInformations: string;
  activitiesRelated: Reason[];
  openingHours: OpeningHours[];
  slotMinutes: number;
  /** Places per slot. */
  capacity: number;
  /** Bookings start APPROVATA when true, IN_ATTESA otherwise. */
  autoApprove: boolean;
  /** Held by video call: `videoCallUrl` is the base of each appointment's meeting room. */
  virtual?: boolean;
  videoCallUrl?: string;
  /** Local closures ("yyyy-MM-dd"), e.g. the patron saint's day. */
  closedDays?: string[];
};

export type AppschedCategory = { id: string; name: string };

export type TenantCatalog = { categories: AppschedCategory[]; offices: Office[] };
