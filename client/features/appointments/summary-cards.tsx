import type { ReactNode } from "react";
import { SummarySection } from "#client/components/flow/flow-summary.tsx";
import type { SummaryView } from "./step-types.ts";
import { ContentText, useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";

export type SummaryEditLinks = Partial<Record<"office" | "when" | "details" | "requester", string>>;

/** The summary cards Ufficio, Data e orario, Dettagli appuntamento, Richiedente, each with its "Modifica" link. */
export function SummaryCards({
  summary,
  editLinks = {},
}: {
  summary: SummaryView;
  editLinks?: SummaryEditLinks;
}) {
  const t = useT(appointmentsIt);
  const { office, requester } = summary;
  return (
    <div className="appointment-summary">
      <SummaryCard title={t("appointments.summary.office")} editHref={editLinks.office}>
        <Row label={t("appointments.summary.office")} value={<ContentText>{office.name}</ContentText>} />
        <Row
          label={office.virtual ? t("appointments.place.virtual") : t("appointments.summary.address")}
          value={office.location}
        />
      </SummaryCard>
      <SummaryCard title={t("appointments.summary.when")} editHref={editLinks.when}>
        <Row label={t("appointments.summary.when")} value={summary.when} />
        {summary.statusLabel ? (
          <Row label={t("appointments.summary.status")} value={summary.statusLabel} />
        ) : null}
      </SummaryCard>
      <SummaryCard title={t("appointments.summary.details")} editHref={editLinks.details}>
        <Row label={t("appointments.summary.reason")} value={summary.reasonName} />
        <Row label={t("appointments.summary.detailsText")} value={summary.details} />
      </SummaryCard>
      {requester ? (
        <SummaryCard title={t("appointments.summary.requester")} editHref={editLinks.requester}>
          <Row label={t("appointments.requester.nome")} value={requester.nome} />
          <Row label={t("appointments.requester.cognome")} value={requester.cognome} />
          <Row label={t("appointments.requester.email")} value={requester.email} />
          {requester.codiceFiscale ? (
            <Row label={t("appointments.requester.fiscalCode")} value={requester.codiceFiscale} />
          ) : null}
        </SummaryCard>
      ) : null}
    </div>
  );
}

function SummaryCard({
  title,
  editHref,
  children,
}: {
  title: string;
  editHref?: string;
  children: ReactNode;
}) {
  const t = useT(appointmentsIt);
  return (
    <SummarySection
      title={title}
      editHref={editHref}
      editLabel={t("appointments.edit")}
      editSection={title.toLowerCase()}
      editClassName="text-decoration-none fw-semibold"
      className="card card-bg no-after rounded mx-0 mb-3"
      bodyClassName="card-body"
      headerClassName="d-flex justify-content-between align-items-center border-bottom pb-2 mb-3"
    >
      <dl className="mb-0">{children}</dl>
    </SummarySection>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="mb-2">
      <dt className="small text-secondary fw-normal">{label}</dt>
      <dd className="mb-0 fw-semibold text-break">{value}</dd>
    </div>
  );
}
