import { Link } from "react-router";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { assistanceIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";
import { AssistanceLayout } from "./assistance-layout.tsx";

export type FeedbackData = {
  type: "ticket" | "ticketNoAuth" | "ticketUnsure" | "partialTicket" | null;
  loggedIn: boolean;
  email: string | null;
};

/** The outcome of an assistance request (original §2.9): sent, sent without login, draft saved, or nothing. */
export function FeedbackPage({ data }: { data: FeedbackData }) {
  const t = useT(assistanceIt);
  const title =
    data.type === "partialTicket"
      ? t("assistance.feedback.draftTitle")
      : data.type === "ticketUnsure"
        ? t("assistance.feedback.unsureTitle")
        : data.type
          ? t("assistance.feedback.sentTitle")
          : t("assistance.feedback.noneTitle");
  return (
    <>
      <AssistanceLayout title={title}>
        {data.type === null ? (
          <>
            <p>{t("assistance.feedback.none")}</p>
            <Link className="btn btn-primary" to={href("/nuova-richiesta")}>
              {t("assistance.feedback.newRequest")}
            </Link>
          </>
        ) : data.type === "ticketUnsure" ? (
          <>
            <div className="alert alert-warning" role="status">
              <p className="mb-2">{t("assistance.feedback.unsure")}</p>
              <p className="mb-0">
                {data.email
                  ? t("assistance.feedback.unsureEmail", { email: data.email })
                  : t("assistance.feedback.unsureNoEmail")}
              </p>
            </div>
            <Link className="btn btn-primary mb-4" to={href("/nuova-richiesta")}>
              {t("assistance.feedback.newRequest")}
            </Link>
          </>
        ) : (
          <div className="alert alert-success" role="status">
            <p className="mb-2">
              {data.type === "partialTicket" ? t("assistance.feedback.draft") : t("assistance.feedback.sent")}
            </p>
            {data.email ? (
              <p className="mb-0">{t("assistance.feedback.summaryEmail", { email: data.email })}</p>
            ) : null}
          </div>
        )}
        {data.loggedIn && data.type && data.type !== "ticketUnsure" ? (
          <Link className="btn btn-outline-primary" to={href("/area-personale/attivita")}>
            {t("assistance.feedback.personalArea")}
          </Link>
        ) : null}
      </AssistanceLayout>
      <PageEnd variant="service" title={title} />
    </>
  );
}
