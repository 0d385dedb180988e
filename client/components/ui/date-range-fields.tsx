import type { FieldBinding } from "./form-fields.ts";
import { TextField } from "./text-field.tsx";

/**
 * A list filter's period: the "from" and "to" date fields (the form's bindings, `formFields`), each in its grid column
 * (`columnClassName`) with its own error. `max` (e.g. today) bounds both.
 */
export function DateRangeFields(props: {
  from: FieldBinding;
  to: FieldBinding;
  columnClassName: string;
  max?: string;
}) {
  return (
    <>
      {[props.from, props.to].map((bound) => (
        <div key={bound.name} className={props.columnClassName}>
          <TextField {...bound} type="date" max={props.max} />
        </div>
      ))}
    </>
  );
}
