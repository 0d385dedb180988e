import { href } from "#client/lib/links.ts";
import type { FEEDBACK_OPTIONS } from "#shared/api/feedback.ts";
import type { BaseKey } from "#client/i18n/it.ts";

type FeedbackOption = (typeof FEEDBACK_OPTIONS)[number];

export type RatingErrors = Partial<Record<"rating" | "option" | "details" | "form", string>>;

/** What the `/valutazione` action returns to a fetcher submission. */
export type RatingActionData = { ok: true } | { ok: false; errors: RatingErrors };

export type RatingValues = { rating?: number; option?: string; details?: string };

export const ratingAction = href("/valutazione");

export type FollowUpKind = "negative" | "positive";

/** Ratings 1–3 ask what went wrong, 4–5 what went well (Modello Comuni, AGID checker C.SI.2.5). */
export function getFollowUpKind(rating: number): FollowUpKind {
  return rating <= 3 ? "negative" : "positive";
}

/** The answers of each follow-up: the value posted as `option` and the dictionary key of its label. */
export const followUpAnswers = {
  negative: [
    { value: "negativo1", key: "rating.negative.1" },
    { value: "negativo2", key: "rating.negative.2" },
    { value: "negativo3", key: "rating.negative.3" },
    { value: "negativo4", key: "rating.negative.4" },
    { value: "altro", key: "rating.other" },
  ],
  positive: [
    { value: "positivo1", key: "rating.positive.1" },
    { value: "positivo2", key: "rating.positive.2" },
    { value: "positivo3", key: "rating.positive.3" },
    { value: "positivo4", key: "rating.positive.4" },
    { value: "altro", key: "rating.other" },
  ],
} as const satisfies Record<"negative" | "positive", ReadonlyArray<{ value: FeedbackOption; key: BaseKey }>>;

/** Without JavaScript both groups are enabled: keep the option only if it belongs to the rating's group. */
export function isOptionConsistent(rating: number, option: string): boolean {
  return followUpAnswers[getFollowUpKind(rating)].some((answer) => answer.value === option);
}
