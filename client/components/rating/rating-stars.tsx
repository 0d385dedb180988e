import { useEffect, useRef } from "react";
import { Icon } from "#client/components/ui/icon.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";

type RatingStarsProps = {
  /** The ids' prefix: star N is `${id}-N` (the error summary leads to star 1). */
  id: string;
  defaultValue?: number;
  onChange: (value: number) => void;
  error?: string;
};

const stars = [1, 2, 3, 4, 5];

/**
 * Five radio stars in bootstrap-italia's `rating` markup, but in reading order (1 to 5): the library puts them 5 to 1
 * and reverses them visually, so that Tab reached "5 stelle" first, a screen reader read them backwards and the arrow
 * keys moved against what is seen (WCAG 1.3.2, 2.4.3). rating.css colours the chosen star and those before it with
 * `:has()`. Each label carries `feedback-rate-N`. One star icon per label, outlined until it is chosen.
 */
export function RatingStars({ id, defaultValue, onChange, error }: RatingStarsProps) {
  const t = useT();
  const errorId = `${id}-error`;
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  // A star clicked before hydration is checked in the DOM but React never heard of it: take it over.
  useEffect(() => {
    const checked = fieldsetRef.current?.querySelector<HTMLInputElement>("input:checked");
    if (checked && Number(checked.value) !== defaultValue) onChange(Number(checked.value));
    // Only once, right after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <fieldset ref={fieldsetRef} className="rating" aria-describedby={error ? errorId : undefined}>
        <legend className="visually-hidden">{t("rating.legend")}</legend>
        {stars.map((value) => (
          <StarInput
            key={value}
            id={`${id}-${value}`}
            value={value}
            defaultValue={defaultValue}
            onChange={onChange}
            label={t("rating.star", { count: value })}
            errorId={error ? errorId : undefined}
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
  /** The group's error, tied to each star: a screen reader on a star hears it (the fieldset's description is often
   *  not read once inside the group). */
  errorId?: string;
  value: number;
  defaultValue?: number;
  onChange: (value: number) => void;
  label: string;
};

function StarInput({ id, value, defaultValue, onChange, label, errorId }: StarInputProps) {
  return (
    <>
      <input
        type="radio"
        id={id}
        name="rating"
        value={value}
        defaultChecked={defaultValue === value}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={() => onChange(value)}
      />
      <label className="full" htmlFor={id} data-element={`feedback-rate-${value}`}>
        <Icon name="it-star-full" />
        <span className="visually-hidden">{label}</span>
      </label>
    </>
  );
}
