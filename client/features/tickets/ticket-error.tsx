import { upstreamFailureWording } from "#client/components/error-page/error-page.tsx";
import { Link } from "react-router";
import { useT } from "#client/i18n/i18n-context.tsx";
import { ticketsIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { caughtStatus, readRouteError } from "#shared/route-error.ts";

/** A ticket's page that failed (404 for an unknown or another citizen's ticket): inside the personal area. */
export function TicketError({ error }: { error: unknown }) {
  const t = useT(ticketsIt);
  const found = readRouteError(error);
  const status = found?.status ?? caughtStatus(error);
  const failure = upstreamFailureWording(error);
  return (
    <section aria-labelledby="ticket-error-title" className="mb-5">
      <h2 id="ticket-error-title" className="title-xxlarge mb-3">
        {failure ? t(failure.titleKey) : (found?.title ?? t("tickets.loadErrorTitle"))}
      </h2>
      <p className="text-paragraph">
        {failure?.text ?? found?.details?.[0] ?? t("error.code", { code: status })}
      </p>
      <Link className="btn btn-primary" to={withQuery(href("/area-personale/attivita"), {}, "richieste")}>
        {t("tickets.detail.back")}
      </Link>
    </section>
  );
}
