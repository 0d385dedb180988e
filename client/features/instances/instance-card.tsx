import { Form, Link } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { ContentText, useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { instancesIt } from "./texts.ts";
import type { InstanceView } from "./instance-view.ts";
import "./instances.css";
import { DownloadLink } from "#client/components/download-link/download-link.tsx";

/**
 * One of the citizen's instances (MOON): sent date (a draft's: created), form, status with its stages, unique code;
 * "Ricevuta richiesta" (PDF) once sent; a draft can be deleted (confirmation page), completed on the front office or duplicated (a POST form), a
 * sent one opened on the front office ("Dettaglio richiesta"). Works without JavaScript.
 */
export function InstanceCard({
  instance,
  headingAs: Heading = "h4",
}: {
  instance: InstanceView;
  headingAs?: "h3" | "h4";
}) {
  const t = useT(instancesIt);
  const locale = useLocale();
  return (
    <article className="card card-bg shadow-sm rounded h-100" data-element="instance-card">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
          <p className="small mb-0">
            {instance.draft ? t("instances.card.created") : t("instances.card.sent")}:{" "}
            <time dateTime={instance.created}>{formatDate(instance.created, "d MMMM yyyy", locale)}</time>
          </p>
          <span className={`badge ${instance.draft ? "bg-secondary" : "bg-primary"}`}>
            <span className="visually-hidden">{t("instances.card.status")}: </span>
            {instance.status.label ? t(instance.status.label) : instance.status.text}
          </span>
        </div>
        <Heading className="card-title h5">
          <ContentText>{instance.title}</ContentText>
        </Heading>
        <p className="small mb-2">{t("instances.card.code", { code: instance.code })}</p>
        <InstanceStages stages={instance.stages} />
        <InstanceActions instance={instance} />
      </div>
    </article>
  );
}

/** The instance's stages, the current one marked as the current step. */
function InstanceStages({ stages }: { stages: InstanceView["stages"] }) {
  const t = useT(instancesIt);
  return (
    <ol
      className="instance-stages list-unstyled d-flex flex-wrap gap-2 small mb-3"
      aria-label={t("instances.card.stages")}
    >
      {stages.map((stage) => (
        <li
          key={stage.label}
          className={`instance-stage instance-stage-${stage.state}`}
          aria-current={stage.state === "current" ? "step" : undefined}
        >
          {t(stage.label)}
          {stage.state === "todo" ? null : (
            <span className="visually-hidden">
              {" "}
              ({stage.state === "done" ? t("instances.card.stageDone") : t("instances.card.stageCurrent")})
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * The receipt; a draft's "Completa" and "Elimina", a sent one's "Dettaglio richiesta" (both on the front office when
 * it has one); "Duplica" for every instance.
 */
function InstanceActions({ instance }: { instance: InstanceView }) {
  const t = useT(instancesIt);
  const code = instance.code;
  return (
    <div className="d-flex flex-wrap gap-2">
      {instance.draft ? null : (
        <DownloadLink
          className="btn btn-outline-primary btn-sm"
          href={href("/area-personale/pratiche/:codice/ricevuta", { codice: code })}
          aria-label={t("instances.card.receiptLabel", { code })}
        >
          {t("instances.card.receipt")}
        </DownloadLink>
      )}
      {instance.draft ? (
        <>
          {instance.frontOffice ? (
            <a
              className="btn btn-primary btn-sm"
              href={instance.frontOffice}
              aria-label={t("instances.card.completeLabel", { code })}
            >
              {t("instances.card.complete")}
            </a>
          ) : null}
          <Link
            className="btn btn-outline-danger btn-sm"
            to={href("/area-personale/pratiche/:codice/elimina", { codice: code })}
            aria-label={t("instances.card.deleteLabel", { code })}
          >
            {t("instances.card.delete")}
          </Link>
        </>
      ) : instance.frontOffice ? (
        <a
          className="btn btn-primary btn-sm"
          href={instance.frontOffice}
          aria-label={t("instances.card.detailLabel", { code })}
        >
          {t("instances.card.detail")}
        </a>
      ) : null}
      <Form method="post" action={href("/area-personale/pratiche/:codice/duplica", { codice: code })}>
        <XsrfField />
        <SubmitButton
          className="btn btn-outline-primary btn-sm"
          aria-label={t("instances.card.duplicateLabel", { code })}
        >
          {t("instances.card.duplicate")}
        </SubmitButton>
      </Form>
    </div>
  );
}
