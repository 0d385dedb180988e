import { data, redirect } from "react-router";
import type { Route } from "./+types/rating";
import { pageTitle } from "#client/lib/titles.ts";
import { formText, getServices, readForm } from "#client/lib/services.ts";
import { useRootData } from "#client/lib/root-data.ts";
import { safeRedirectPath } from "#shared/redirector.ts";
import { FEEDBACK_OPTIONS, type FeedbackInput } from "#shared/api/feedback.ts";
import { Rating, type RatingErrors } from "#client/features/rating/rating.tsx";

type Option = (typeof FEEDBACK_OPTIONS)[number];

export function validateRating(form: FormData) {
  const errors: RatingErrors = {};
  const rating = Number(formText(form, "rating"));
  const option = formText(form, "option") || "altro";
  const details = formText(form, "details");
  if (!Number.isInteger(rating) || rating < 1 || rating > 5)
    errors.rating = "Scegli un punteggio da 1 a 5 stelle.";
  const expected = rating <= 3 ? "negativo" : "positivo";
  if (
    !(FEEDBACK_OPTIONS as readonly string[]).includes(option) ||
    (option !== "altro" && !option.startsWith(expected))
  ) {
    errors.option = "Scegli una delle risposte proposte.";
  }
  if (details.length > 200) errors.details = "Inserisci al massimo 200 caratteri.";
  return { errors, values: { rating, option: option as Option, details } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const pagePath = safeRedirectPath(formText(form, "pagePath"), "/");
  const pageTitle = formText(form, "pageTitle").slice(0, 300);
  const { errors, values } = validateRating(form);
  const viaFetcher = new URL(request.url).pathname.endsWith(".data");
  if (Object.keys(errors).length > 0) {
    return data({ ok: false as const, errors, values, pagePath, pageTitle }, { status: 400 });
  }
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

export function loader() {
  return redirect("/");
}

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
