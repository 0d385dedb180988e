import { Link } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { Callout } from "#client/components/ui/callout.tsx";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { assistanceIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import type { DraftsResult } from "./drafts.server.ts";

/** "Bozze di richiesta" in the personal area's Attività: each draft with "Riprendi" and "Elimina". */
export function DraftsSection({ drafts }: { drafts: DraftsResult }) {
  const t = useT(assistanceIt);
  const locale = useLocale();
  return (
    <section aria-labelledby="attivita-bozze" className="mb-5" id="bozze">
      <h3 id="attivita-bozze" className="title-xlarge mb-3">
        {t("assistance.drafts.title")}
      </h3>
      {drafts.status === "failed" ? (
        <div role="alert">
          <Callout variant="danger" title={t("assistance.drafts.loadFailed")}>
            <p className="mb-0">{t("common.retryLater")}</p>
          </Callout>
        </div>
      ) : drafts.items.length === 0 ? (
        <p>{t("assistance.drafts.empty")}</p>
      ) : (
        <ul className="list-unstyled row g-3">
          {drafts.items.map((draft) => {
            const title = draft.title ?? t("assistance.drafts.untitled");
            const date = formatDate(new Date(draft.savedAt), "dd/MM/yyyy HH:mm", locale);
            return (
              <li key={draft.id} className="col-12 col-lg-6">
                <div className="card card-bg shadow-sm h-100">
                  <div className="card-body">
                    <h4 className="card-title h5">{title}</h4>
                    <p className="small mb-3">{t("assistance.drafts.saved", { date })}</p>
                    <div className="d-flex flex-wrap gap-2">
                      <Link
                        className="btn btn-primary btn-sm"
                        to={withQuery(href("/nuova-richiesta"), { idBozza: draft.id })}
                        aria-label={t("assistance.drafts.resumeLabel", { title, date })}
                      >
                        {t("assistance.drafts.resume")}
                      </Link>
                      <Link
                        className="btn btn-outline-danger btn-sm"
                        to={href("/nuova-richiesta/bozze/:id/elimina", { id: String(draft.id) })}
                        aria-label={t("assistance.drafts.deleteLabel", { title, date })}
                      >
                        {t("assistance.drafts.delete")}
                      </Link>
                    </div>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
