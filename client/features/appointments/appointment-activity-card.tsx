import { Link } from "react-router";
import { Icon } from "#client/components/ui/icon.tsx";
import { ContentText, TextWithContent, useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import type { AppointmentActivity, AppointmentStage } from "./appointment-activities.server.ts";
import { appointmentPaths } from "./urls.ts";
import "./activity-card.css";

const stageIcons: Record<AppointmentStage["state"], `it-${string}`> = {
  done: "it-check-circle",
  current: "it-clock",
  todo: "it-radio-unchecked",
  stopped: "it-close-circle",
};

const statusTone: Record<string, string> = {
  APPROVATA: "success",
  IN_ATTESA: "warning",
  IN_REVISIONE: "warning",
  IN_ATTESA_INTEGRAZIONE: "warning",
  RIFIUTATA: "danger",
  ANNULLATA: "secondary",
};

/**
 * One appointment in the personal area: its code, status and stages (C.SE.1.9), booking and meeting dates
 * (C.SE.1.10), and the way to change or cancel it while it can still be changed.
 */
export function AppointmentActivityCard({
  activity,
  headingLevel = 3,
}: {
  activity: AppointmentActivity;
  headingLevel?: 2 | 3;
}) {
  const t = useT(appointmentsIt);
  const Heading = `h${headingLevel}` as const;
  const title = activity.categoryName ? (
    <TextWithContent
      text={t("appointments.activity.titleWithCategory")}
      content={{ category: activity.categoryName }}
    />
  ) : (
    t("appointments.activity.title")
  );
  return (
    <article className="card card-bg shadow-sm rounded activity-card h-100">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
          <p className="text-uppercase small fw-semibold mb-0">
            {t("appointments.activity.code", { id: activity.id })}
          </p>
          <span className={`badge bg-${statusTone[activity.status] ?? "secondary"}`}>
            <span className="visually-hidden">{t("appointments.activity.statusPrefix")} </span>
            {activity.statusLabel}
          </span>
        </div>
        <Heading className="card-title h5">{title}</Heading>
        <dl className="activity-facts small mb-3">
          <dt>{t("appointments.activity.when")}</dt>
          <dd>{activity.when}</dd>
          {activity.office ? (
            <>
              <dt>{t("appointments.activity.where")}</dt>
              <dd>
                <ContentText>
                  {activity.office.name}
                  {activity.office.location ? ` – ${activity.office.location}` : null}
                </ContentText>
              </dd>
            </>
          ) : null}
          {activity.reasonName ? (
            <>
              <dt>{t("appointments.activity.reason")}</dt>
              <dd>
                <ContentText>{activity.reasonName}</ContentText>
              </dd>
            </>
          ) : null}
          {activity.bookedOn ? (
            <>
              <dt>{t("appointments.activity.bookedOn")}</dt>
              <dd>{activity.bookedOn}</dd>
            </>
          ) : null}
        </dl>
        <p className="small fw-semibold mb-1">{t("appointments.activity.stages")}</p>
        <ol className="activity-stages list-unstyled small mb-3">
          {activity.stages.map((stage) => (
            <li key={stage.key} className={`activity-stage activity-stage-${stage.state}`}>
              <Icon name={stageIcons[stage.state]} className="icon-sm me-1" />
              <span>{t(stage.label)}</span>
              {stage.date ? <span className="ms-1">({stage.date})</span> : null}
              <span className="visually-hidden"> – {t(`appointments.stageState.${stage.state}`)}</span>
            </li>
          ))}
        </ol>
        {activity.changeable ? (
          <Link className="btn btn-outline-primary btn-sm" to={appointmentPaths.edit(activity.id)}>
            {t("appointments.activity.manage")}
            <span className="visually-hidden"> {t("appointments.activity.code", { id: activity.id })}</span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}
