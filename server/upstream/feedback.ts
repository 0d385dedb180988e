import { z } from "zod";
import type { FeedbackApi } from "#shared/api/feedback.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";

export function createFeedbackApi(ctx: UpstreamRequestContext): FeedbackApi {
  return {
    async send(input) {
      await callUpstream(ctx, {
        service: "feedback",
        method: "POST",
        path: "api-public/feedback",
        body: input,
        schema: z.unknown(),
      });
    },
  };
}
