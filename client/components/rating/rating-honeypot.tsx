import { useId } from "react";
import { useT } from "#client/i18n/i18n-context.tsx";

/** The `bind` trap field: invisible, out of the tab order and hidden from assistive technology; bots fill it. */
export function RatingHoneypot() {
  const t = useT();
  const id = useId();
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={id}>{t("rating.honeypot")}</label>
      <input id={id} type="text" name="bind" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
