import { useLocation, useMatches } from "react-router";
import { Rating } from "#client/components/rating/rating.tsx";
import { ContactsSection } from "./contacts-section.tsx";
import { useRootData } from "#client/lib/root-data.ts";
import { useLocale } from "#client/i18n/i18n-context.tsx";
import { handleTitle, type RouteHandle } from "#client/lib/titles.ts";

/** The route's title (`handle.title`, a key of the handle's catalogues) in the page's language. */
function usePageTitle(): string {
  const locale = useLocale();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  return handle?.title ? handleTitle(handle, locale) : "";
}

/**
 * What closes every information page and the end of every service: the rating (its question by `variant`) and the
 * "Contatta il comune" block.
 */
export function PageEnd({ variant = "page", title }: { variant?: "page" | "service"; title?: string }) {
  const { xsrfToken, comune } = useRootData();
  const location = useLocation();
  const handleTitle = usePageTitle();
  const query = new URLSearchParams(location.search);
  const submitted = query.get("valutazione") === "inviata";
  query.delete("valutazione");
  const pagePath = query.size > 0 ? `${location.pathname}?${query.toString()}` : location.pathname;
  const has = (code: string) => comune.assets.some((a) => a.codice === code);
  return (
    <>
      <div className="bg-primary">
        <div className="container">
          <Rating
            // Another page shown by the same route (another topic, a category) gets a rating of its own: neither
            // the previous page's stars nor its thanks.
            key={pagePath}
            variant={variant}
            pagePath={pagePath}
            pageTitle={title ?? handleTitle}
            xsrfToken={xsrfToken}
            submitted={submitted}
          />
        </div>
      </div>
      <ContactsSection showBooking={has("APPSCHED")} showReport={has("DISSERVIZIO_CRM")} />
    </>
  );
}
