import { useNavigation } from "react-router";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";

/**
 * A spinner while React Router loads the next page or submits a form. The live region is always in the page so
 * screen readers hear "Caricamento in corso…" when it fills; portal.css delays the spinner so quick navigations
 * don't flash it.
 *
 * Empty until the page is hydrated, as on the server: the browser's router answers the back button as soon as its
 * script runs, before React has hydrated the page, and a hydration rendered with that navigation under way would not
 * match the server's markup (React discards the page and renders it again; a console error on a citizen's back
 * button while the scripts load).
 */
export function NavigationSpinner() {
  const t = useT();
  const navigating = useNavigation().state !== "idle";
  const busy = useHydrated() && navigating;
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
