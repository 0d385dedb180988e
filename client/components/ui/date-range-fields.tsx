import { TextField } from "./text-field.tsx";

export type DateBound = {
  name: string;
  /** The field's id, for the error summary's link. */
  id: string;
  label: string;
  value: string;
  error?: string;
};

/**
 * A list filter's period: the "from" and "to" date fields, each in its grid column (`columnClassName`) with its own
 * error. `max` (e.g. today) bounds both.
 */
export function DateRangeFields(props: {
  from: DateBound;
  to: DateBound;
  columnClassName: string;
  max?: string;
}) {
  return (
    <>
      {[props.from, props.to].map((bound) => (
        <div key={bound.name} className={props.columnClassName}>
          <TextField
            id={bound.id}
            name={bound.name}
            type="date"
            label={bound.label}
            max={props.max}
            defaultValue={bound.value}
            error={bound.error}
          />
        </div>
      ))}
    </>
  );
}
