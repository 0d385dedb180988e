import type { Route } from "./+types/booking-calendar";
import { requireAsset } from "#client/lib/require-asset.ts";
import { loadCalendarFile } from "#client/features/appointments/calendar-file.server.ts";

export const middleware = [requireAsset("APPSCHED")];

/** Resource route: the appointment's `.ics` file (RFC 5545, Europe/Rome times). */
export async function loader(args: Route.LoaderArgs) {
  return loadCalendarFile(args);
}
