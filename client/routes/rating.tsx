import { data, redirect, type MiddlewareFunction } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/rating";
import { metaT, pageTitle } from "#client/lib/titles.ts";
import { translatorFor, useT, type Translate } from "#client/i18n/i18n-context.tsx";
import { serverT } from "#client/i18n/server-t.ts";
import { formText, getServices } from "#client/lib/services.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { validateForm } from "#shared/validation/form.ts";
import { integer, maxLength, maxNumber, minNumber, oneOf, required, text } from "#shared/validation/rules.ts";
import { useRootData } from "#client/lib/root-data.ts";
import { safeRedirectPath } from "#shared/redirector.ts";
import { FEEDBACK_OPTIONS, type FeedbackInput } from "#shared/api/feedback.ts";
import { Rating, type RatingErrors, type RatingValues } from "#client/components/rating/rating.tsx";
import { isOptionConsistent } from "#client/components/rating/rating-types.ts";
import { href } from "#client/lib/links.ts";

type Option = (typeof FEEDBACK_OPTIONS)[number];

export type RatingValidation =
  | { ok: true; values: { rating: number; option: Option; details: string } }
  | { ok: false; errors: RatingErrors; values: RatingValues };

const DETAILS_MAX_LENGTH = 200;

function ratingSchema(t: Translate) {
  const stars = t("ratingPage.stars");
  return z.object({
    rating: text(required(stars), integer(stars), minNumber(1, stars), maxNumber(5, stars)).transform(Number),
    option: oneOf(FEEDBACK_OPTIONS, t("ratingPage.answer")),
    details: text(
      maxLength(DETAILS_MAX_LENGTH, t("ratingPage.detailsTooLong", { count: DETAILS_MAX_LENGTH })),
    ),
  });
}

/**
 * The stars (1–5) and an answer of the follow-up that matches them are required. Without JavaScript the page's form
 * has no follow-up yet (they are rendered once a star is chosen): its first post comes back here with the matching
 * follow-up to answer, stars and details kept. An answer of the other group (a forged post) is refused too.
 */
/** The field the form sends once it shows the follow-up questions (`RatingFields`). */
const FOLLOW_UP_SHOWN = "followUp";

export function validateRating(form: FormData, t: Translate = translatorFor("it")): RatingValidation {
  const answerMessage = t("ratingPage.answer");
  const parsed = validateForm(form, ratingSchema(t));
  if (parsed.ok) {
    const { values } = parsed;
    if (isOptionConsistent(values.rating, values.option)) return { ok: true, values };
    // An answer of the other group is not ticked again: that group is hidden for these stars.
    return {
      ok: false,
      errors: { option: answerMessage },
      values: { rating: values.rating, option: undefined, details: values.details },
    };
  }
  const { errors, submitted } = parsed;
  // Without JavaScript the first post has no follow-up to answer (neither its marker nor an answer): no mistake yet.
  if (form.get(FOLLOW_UP_SHOWN) === null && !form.has("option")) delete errors.option;
  const rating = errors.rating ? undefined : Number(submitted.rating);
  const option = errors.option ? undefined : submitted.option;
  const kept = option && (rating === undefined || isOptionConsistent(rating, option)) ? option : undefined;
  if (option && !kept) errors.option = answerMessage;
  return { ok: false, errors, values: { rating, option: kept, details: submitted.details ?? "" } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const pagePath = safeRedirectPath(formText(form, "pagePath"), href("/"));
  const pageTitle = formText(form, "pageTitle").slice(0, 300);
  const t = serverT(context);
  const validation = validateRating(form, t);
  const viaFetcher = new URL(request.url).pathname.endsWith(".data");
  if (!validation.ok) {
    const { errors, values } = validation;
    // No error (the first post without JavaScript): the form again with its follow-up, not a refusal.
    const status = Object.keys(errors).length > 0 ? 400 : 200;
    return data({ ok: false as const, errors, values, pagePath, pageTitle }, { status });
  }
  const { values } = validation;
  const input: FeedbackInput = {
    pagePath,
    pageTitle,
    rating: values.rating,
    option: values.option,
    details: values.details,
    bind: formText(form, "bind") || null,
  };
  try {
    await getServices(context).api.feedback.send(input);
  } catch {
    const failure = { form: t("ratingPage.failed") };
    return data({ ok: false as const, errors: failure, values, pagePath, pageTitle }, { status: 502 });
  }
  if (viaFetcher) return { ok: true as const };
  const back = new URL(pagePath, "http://portal.invalid");
  back.searchParams.set("valutazione", "inviata");
  return redirect(`${back.pathname}${back.search}#valutazione`);
}

/**
 * Nothing to see here on a visit: to the home page. A middleware, not a loader: after a form post without
 * JavaScript React Router also runs the route's loaders to render the page, and a loader's redirect would replace
 * the form with its errors (the action's answer) by the home page.
 */
export const middleware: MiddlewareFunction<Response>[] = [
  ({ request }, next) => {
    if (request.method === "GET" || request.method === "HEAD") throw redirect(href("/"));
    return next();
  },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(matches, metaT(matches)("ratingPage.title"));

/** Shown only without JavaScript when a rating had errors: the form again, with what the citizen chose. */
export default function RatingPage({ actionData }: Route.ComponentProps) {
  const { xsrfToken } = useRootData();
  const t = useT();
  if (!actionData || actionData.ok) return null;
  return (
    <div className="container my-5">
      <h1 data-element="page-name">{t("ratingPage.title")}</h1>
      <Rating
        pagePath={actionData.pagePath}
        pageTitle={actionData.pageTitle}
        xsrfToken={xsrfToken}
        errors={actionData.errors}
        values={actionData.values}
      />
    </div>
  );
}
