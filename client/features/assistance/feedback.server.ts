import type { RouterContextProvider } from "react-router";
import { getServices } from "#client/lib/services.ts";
import { feedbackFlow } from "./flow-state.ts";

type Context = Readonly<RouterContextProvider>;

export type FeedbackType = "ticket" | "ticketNoAuth" | "ticketUnsure" | "partialTicket";

export async function loadFeedback(context: Context, url: URL) {
  const { api, flow } = getServices(context);
  const raw = url.searchParams.get("feedbackType");
  const type: FeedbackType | null =
    raw === "ticket" || raw === "ticketNoAuth" || raw === "ticketUnsure" || raw === "partialTicket"
      ? raw
      : null;
  const user = await api.getCurrentUser().catch(() => null);
  const feedback = feedbackFlow.read(flow).state;
  return {
    type,
    loggedIn: Boolean(user),
    email: type === "ticketNoAuth" || type === "ticketUnsure" ? (feedback?.email ?? null) : null,
  };
}
