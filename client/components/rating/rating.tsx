import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { TextareaField } from "#client/components/ui/textarea-field.tsx";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { RatingFollowUp } from "./rating-follow-up.tsx";
import { RatingHoneypot } from "./rating-honeypot.tsx";
import { RatingStars } from "./rating-stars.tsx";
import { ErrorSummary, errorSummaryItems } from "#client/components/ui/error-summary.tsx";
import {
  followUpAnswers,
  getFollowUpKind,
  type FollowUpKind,
  ratingAction,
  type RatingActionData,
  type RatingErrors,
  type RatingValues,
} from "./rating-types.ts";
import "./rating.css";
import { XsrfField } from "#client/components/xsrf-field.tsx";

export type { RatingActionData, RatingErrors, RatingValues } from "./rating-types.ts";

export type RatingProps = {
  /** Overrides the question; default by `variant`. */
  title?: string;
  /** `page`: "Quanto sono chiare le informazioni su questa pagina?"; `service` (end of a flow): "Quanto è stato facile usare questo servizio?". */
  variant?: "page" | "service";
  pagePath: string;
  pageTitle: string;
  xsrfToken: string;
  serviceId?: number;
  /** True after a submission without JavaScript (the action redirected back with `?valutazione=inviata`). */
  submitted?: boolean;
  /** Errors of a submission without JavaScript. */
  errors?: RatingErrors;
  values?: RatingValues;
  action?: string;
};

/**
 * The Modello Comuni rating component (`data-element="feedback"` and its children, see modello-comuni.md §1.4/§2.5).
 * A fetcher form: with JavaScript it posts without navigating; without it, it is a plain POST to the action.
 */
export function Rating(props: RatingProps) {
  const { variant = "page", submitted = false, values = {}, action = ratingAction } = props;
  const t = useT();
  const titleId = useId();
  const fetcher = useFetcher<RatingActionData>();
  const [rating, setRating] = useState<number | null>(values.rating ?? null);
  const [clientErrors, setClientErrors] = useState<RatingErrors | null>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const sentByFetcher = fetcher.data?.ok === true;
  const done = submitted || sentByFetcher;
  const errors = clientErrors ?? (fetcher.data?.ok === false ? fetcher.data.errors : props.errors) ?? {};
  // Focus the thanks once the post and the revalidation after it have settled: focusing it as soon as the answer
  // came could lose the focus to the re-render that follows on a slow connection.
  const settled = fetcher.state === "idle";
  useEffect(() => {
    if (sentByFetcher && settled) thanksRef.current?.focus();
  }, [sentByFetcher, settled]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = getMissingAnswers(new FormData(event.currentTarget), {
      rating: t("rating.errors.rating"),
      option: t("rating.errors.option"),
    });
    setClientErrors(found);
    if (found) event.preventDefault();
  };

  return (
    <section className="bg-primary py-5" aria-labelledby={titleId}>
      <div className="container">
        <div className="row d-flex justify-content-center">
          <div className="col-12 col-lg-6">
            <div className="cmp-rating">
              <div className="card shadow card-wrapper p-4 mb-0" data-element="feedback">
                <div className="card-header border-0 p-0 mb-3">
                  <h2 className="h4 mb-0" id={titleId} data-element="feedback-title">
                    {props.title ?? t(variant === "service" ? "rating.title.service" : "rating.title.page")}
                  </h2>
                </div>
                <div role="status">
                  {done ? (
                    <p ref={thanksRef} tabIndex={-1} className="mb-0 fw-semibold">
                      {t("rating.thanks")}
                    </p>
                  ) : null}
                </div>
                {done ? null : (
                  <fetcher.Form
                    method="post"
                    action={action}
                    className="rating-form"
                    noValidate
                    onSubmit={onSubmit}
                  >
                    <RatingFields
                      {...props}
                      rating={rating}
                      onRate={setRating}
                      errors={errors}
                      values={values}
                      busy={fetcher.state !== "idle"}
                    />
                  </fetcher.Form>
                )}
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

type RatingFieldsProps = Pick<RatingProps, "pagePath" | "pageTitle" | "xsrfToken" | "serviceId"> & {
  rating: number | null;
  onRate: (value: number) => void;
  errors: RatingErrors;
  values: RatingValues;
  busy: boolean;
};

function RatingFields({
  pagePath,
  pageTitle,
  xsrfToken,
  serviceId,
  rating,
  onRate,
  errors,
  values,
  busy,
}: RatingFieldsProps) {
  const t = useT();
  const hydrated = useHydrated();
  const { ids, summary } = useRatingErrorSummary(errors, rating);
  return (
    <>
      <ErrorSummary items={summary} />
      <XsrfField token={xsrfToken} />
      <input type="hidden" name="pagePath" value={pagePath} />
      <input type="hidden" name="pageTitle" value={pageTitle} />
      {serviceId === undefined ? null : <input type="hidden" name="serviceID" value={serviceId} />}
      {/* Tells the action to answer with data instead of redirecting back (a redirect would navigate the page). */}
      {hydrated ? <input type="hidden" name="_js" value="fetcher" /> : null}
      {errors.form ? (
        <div className="alert alert-danger" role="alert">
          {errors.form}
        </div>
      ) : null}
      <RatingStars id={ids.stars} defaultValue={values.rating} onChange={onRate} error={errors.rating} />
      {/* Both follow-ups appear once a star is chosen (the AGID checker looks for both after its click): in the
          browser as soon as the star is clicked, without JavaScript in the form the action shows again after a
          post with stars and no answer. Not sending them before saves ~2.4 kB on every page. */}
      {rating === null ? null : <input type="hidden" name="followUp" value="1" />}
      {rating === null
        ? null
        : (["negative", "positive"] as const).map((kind) => (
            <RatingFollowUp
              key={kind}
              id={ids.followUp(kind)}
              kind={kind}
              // Without JavaScript (and until hydrated) CSS shows the follow-up of whichever star is checked: both
              // stay enabled, so another star chosen on the form the action shows again still finds its question.
              rating={hydrated ? rating : null}
              defaultOption={values.option}
              error={getFollowUpKind(rating) === kind ? errors.option : undefined}
            />
          ))}
      <div className="mt-5">
        <TextareaField
          id={ids.details}
          name="details"
          label={t("rating.details")}
          maxLength={200}
          defaultValue={values.details}
          error={errors.details}
          data-element="feedback-input-text"
        />
      </div>
      <RatingHoneypot />
      <SubmitButton busy={busy} busyLabel={t("rating.sending")}>
        {t("rating.submit")}
      </SubmitButton>
    </>
  );
}

/**
 * The fields' ids and the error summary's entries: the first star, the first answer of the question shown when the
 * errors came, the text. Made once per errors (a star chosen afterwards must not make a new summary, which would take
 * the focus).
 */
function useRatingErrorSummary(errors: RatingErrors, rating: number | null) {
  const id = useId();
  const ids = {
    stars: `${id}-stelle`,
    followUp: (kind: FollowUpKind) => `${id}-${kind}`,
    details: `${id}-dettagli`,
  };
  const kind = rating === null ? null : getFollowUpKind(rating);
  const summary = useMemo(
    () =>
      errorSummaryItems(errors, {
        rating: { id: `${ids.stars}-1` },
        ...(kind ? { option: { id: `${ids.followUp(kind)}-${followUpAnswers[kind][0]!.value}` } } : {}),
        details: { id: ids.details },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only new errors make a new summary
    [errors],
  );
  return { ids, summary };
}

function getMissingAnswers(
  data: FormData,
  messages: { rating: string; option: string },
): RatingErrors | null {
  if (!data.get("rating")) return { rating: messages.rating };
  if (!data.get("option")) return { option: messages.option };
  return null;
}
