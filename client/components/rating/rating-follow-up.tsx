import { cx } from "#client/components/ui/class-names.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { followUpAnswers, getFollowUpKind } from "./rating-types.ts";

type RatingFollowUpProps = {
  /** The ids' prefix: answer V is `${id}-V` (the error summary leads to the first). */
  id: string;
  kind: "negative" | "positive";
  /** The chosen rating, or null before a choice (then CSS alone decides, so it also works before hydration). */
  rating: number | null;
  defaultOption?: string;
  error?: string;
};

/**
 * One of the two follow-up questions. Both are always in the DOM (the AGID checker looks for both); rating.css
 * shows the one matching the checked star, and after hydration React also hides and disables the other one so its
 * `option` radios are not submitted.
 */
export function RatingFollowUp({ id, kind, rating, defaultOption, error }: RatingFollowUpProps) {
  const t = useT();
  const inactive = rating !== null && getFollowUpKind(rating) !== kind;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={cx("rating-followup", `rating-followup-${kind}`, "mt-4")}
      data-element={`feedback-rating-${kind}`}
      hidden={inactive}
      disabled={inactive}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="h5 mb-3" data-element="feedback-rating-question">
        {t(`rating.${kind}.question`)}
      </legend>
      {followUpAnswers[kind].map(({ value, key }) => (
        <div key={value} className="form-check">
          <input
            type="radio"
            id={`${id}-${value}`}
            name="option"
            value={value}
            defaultChecked={defaultOption === value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <label htmlFor={`${id}-${value}`} data-element="feedback-rating-answer">
            {t(key)}
          </label>
        </div>
      ))}
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
