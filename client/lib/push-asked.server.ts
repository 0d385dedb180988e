import { z } from "zod";
import { defineFlowCookie } from "./flow.server.ts";

/**
 * The push opt-in was shown in this browser session (spec §4: asked once per browser session; issue #40). The spec's
 * session-storage key holds for one tab only: this sealed session cookie (a small state of the flow registry, so it
 * is set, stripped from the upstream and cleared like every flow's) tells every tab of the session.
 */
export const pushAsked = defineFlowCookie("flowPushAsked", z.literal(true));
