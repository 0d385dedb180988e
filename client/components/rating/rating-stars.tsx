import { useId } from "react";
import { Icon } from "#client/components/ui/icon.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";

type RatingStarsProps = {
  defaultValue?: number;
  onChange: (value: number) => void;
  error?: string;
};

const stars = [5, 4, 3, 2, 1];

/**
 * Five radio stars in bootstrap-italia's `rating` markup (inputs in reverse order, labels floated right, so
 * `:checked ~ label` colours the chosen star and those before it). Each label carries `feedback-rate-N`.
 */
export function RatingStars({ defaultValue, onChange, error }: RatingStarsProps) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <>
      <fieldset className="rating" aria-describedby={error ? errorId : undefined}>
        <legend className="visually-hidden">{t("rating.legend")}</legend>
        {stars.map((value) => (
          <StarInput
            key={value}
            id={`${id}-${value}`}
            value={value}
            defaultValue={defaultValue}
            onChange={onChange}
            label={t("rating.star", { n: value })}
          />
        ))}
      </fieldset>
      {error ? (
        <div id={errorId} className="invalid-feedback d-block clearfix">
          {error}
        </div>
      ) : null}
    </>
  );
}

type StarInputProps = {
  id: string;
  value: number;
  defaultValue?: number;
  onChange: (value: number) => void;
  label: string;
};

function StarInput({ id, value, defaultValue, onChange, label }: StarInputProps) {
  return (
    <>
      <input
        type="radio"
        id={id}
        name="rating"
        value={value}
        defaultChecked={defaultValue === value}
        onChange={() => onChange(value)}
      />
      <label className="full rating-star" htmlFor={id} data-element={`feedback-rate-${value}`}>
        <Icon name="it-star-outline" className="rating-star-empty" />
        <Icon name="it-star-full" className="rating-star-filled" />
        <span className="visually-hidden">{label}</span>
      </label>
    </>
  );
}
