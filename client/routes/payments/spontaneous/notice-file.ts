import type { Route } from "./+types/notice-file";
import { loadNoticeFile } from "#client/features/payments/spontaneous/notice-file.server.ts";

/** Resource route: the PDF of the notice this browser generated last (its token rides in the sealed flow cookie). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadNoticeFile(context);
}
