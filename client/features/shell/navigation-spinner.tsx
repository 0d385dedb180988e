import { useNavigation } from "react-router";
import { useT } from "#client/i18n/i18n-context.tsx";

/**
 * A spinner while React Router loads the next page or submits a form. The live region is always in the page so
 * screen readers hear "Caricamento in corso…" when it fills; portal.css delays the spinner so quick navigations
 * don't flash it.
 */
export function NavigationSpinner() {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="navigation-spinner" role="status" aria-live="polite">
      {busy ? (
        <>
          <div className="progress-spinner progress-spinner-active" aria-hidden="true" />
          <span className="visually-hidden">{t("spinner.loading")}</span>
        </>
      ) : null}
    </div>
  );
}
