import { data, redirect, type MiddlewareFunction } from "react-router";
import type { Route } from "./+types/rating";
import { pageTitle } from "#client/lib/titles.ts";
import { formText, getServices } from "#client/lib/services.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { useRootData } from "#client/lib/root-data.ts";
import { safeRedirectPath } from "#shared/redirector.ts";
import { FEEDBACK_OPTIONS, type FeedbackInput } from "#shared/api/feedback.ts";
import { Rating, type RatingErrors, type RatingValues } from "#client/features/rating/rating.tsx";
import { isOptionConsistent } from "#client/features/rating/rating-types.ts";

type Option = (typeof FEEDBACK_OPTIONS)[number];

export type RatingValidation =
  | { ok: true; values: { rating: number; option: Option; details: string } }
  | { ok: false; errors: RatingErrors; values: RatingValues };

function isFeedbackOption(value: string): value is Option {
  return (FEEDBACK_OPTIONS as readonly string[]).includes(value);
}

/**
 * The stars (1–5) and an answer of the follow-up that matches them are required, as on the page: both follow-ups
 * are in the page (without JavaScript both can be answered), so an answer of the other group is refused too.
 */
export function validateRating(form: FormData): RatingValidation {
  const errors: RatingErrors = {};
  const raw = formText(form, "rating");
  const stars = Number(raw);
  const rating = raw !== "" && Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : undefined;
  const answer = formText(form, "option");
  const option = isFeedbackOption(answer) ? answer : undefined;
  const details = formText(form, "details");
  if (rating === undefined) errors.rating = "Scegli un punteggio da 1 a 5 stelle.";
  if (!option || (rating !== undefined && !isOptionConsistent(rating, option))) {
    errors.option = "Scegli una delle risposte proposte.";
  }
  if (details.length > 200) errors.details = "Inserisci al massimo 200 caratteri.";
  if (rating !== undefined && option && Object.keys(errors).length === 0) {
    return { ok: true, values: { rating, option, details } };
  }
  // An answer of the other group is not ticked again: that group is hidden for these stars.
  const kept = option && (rating === undefined || isOptionConsistent(rating, option)) ? option : undefined;
  return { ok: false, errors, values: { rating, option: kept, details } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const pagePath = safeRedirectPath(formText(form, "pagePath"), "/");
  const pageTitle = formText(form, "pageTitle").slice(0, 300);
  const validation = validateRating(form);
  const viaFetcher = new URL(request.url).pathname.endsWith(".data");
  if (!validation.ok) {
    const { errors, values } = validation;
    return data({ ok: false as const, errors, values, pagePath, pageTitle }, { status: 400 });
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
    const failure = { form: "Non è stato possibile inviare la valutazione. Riprova tra qualche minuto." };
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
    if (request.method === "GET" || request.method === "HEAD") throw redirect("/");
    return next();
  },
];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Valuta la pagina");

/** Shown only without JavaScript when a rating had errors: the form again, with what the citizen chose. */
export default function RatingPage({ actionData }: Route.ComponentProps) {
  const { xsrfToken } = useRootData();
  if (!actionData || actionData.ok) return null;
  return (
    <div className="container my-5">
      <h1 data-element="page-name">Valuta la pagina</h1>
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
