import { upstreamFailureWording } from "#client/components/error-page/error-page.tsx";
import { Link } from "react-router";
import { useT } from "#client/i18n/i18n-context.tsx";
import { messagesIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";
import { caughtStatus, readRouteError } from "#shared/route-error.ts";

/**
 * A message's page that failed (404 for an unknown, deleted or another citizen's message): inside the personal
 * area, a section of its own with the way back to the list.
 */
export function MessageError({ error }: { error: unknown }) {
  const t = useT(messagesIt);
  const found = readRouteError(error);
  const status = found?.status ?? caughtStatus(error);
  const failure = upstreamFailureWording(error);
  return (
    <section aria-labelledby="message-error-title" className="mb-5">
      <h2 id="message-error-title" className="title-xxlarge mb-3">
        {failure ? t(failure.titleKey) : (found?.title ?? t("messages.loadErrorTitle"))}
      </h2>
      <p className="text-paragraph">
        {failure?.text ?? found?.details?.[0] ?? t("error.code", { code: status })}
      </p>
      <Link className="btn btn-primary" to={href("/area-personale/messaggi")}>
        {t("messages.back")}
      </Link>
    </section>
  );
}
