import type { ReactNode } from "react";
import { Link } from "react-router";
import { Callout } from "#client/components/ui/callout.tsx";
import { Icon } from "#client/components/ui/icon.tsx";
import { PageIndex } from "#client/components/ui/page-index.tsx";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { href } from "#client/lib/links.ts";
import type { ConfirmationData } from "./step-types.ts";
import { CancelAppointment } from "./cancel-appointment.tsx";
import { AppointmentLayout } from "./page-layout.tsx";
import { SummaryCards } from "./summary-cards.tsx";
import { withoutLeadingLabel } from "./office-notes.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { DownloadLink } from "#client/components/download-link/download-link.tsx";

type Appointment = ConfirmationData["appointment"];

/** "Appuntamento confermato" / "Appuntamento modificato": summary, what to bring, address, calendar file, rating. */
export function ConfirmationPage({ data }: { data: ConfirmationData }) {
  const t = useT(appointmentsIt);
  const { appointment } = data;
  const title =
    data.kind === "booked"
      ? t("appointments.success.title")
      : data.kind === "edited"
        ? t("appointments.success.editedTitle")
        : t("appointments.success.viewTitle");
  const office = appointment.office;
  const sections = [
    { id: "riepilogo", title: t("appointments.success.summary") },
    ...(office?.additionalInformations
      ? [{ id: "cosa-serve", title: t("appointments.success.whatToBring") }]
      : []),
    { id: "indirizzo", title: t("appointments.success.address") },
    { id: "calendario", title: t("appointments.success.addToCalendar") },
  ];
  return (
    <AppointmentLayout
      title={title}
      current={title}
      lead={
        appointment.requester.email
          ? t("appointments.success.leadWithEmail", { email: appointment.requester.email })
          : t("appointments.success.lead")
      }
      after={<PageEnd variant="service" title={title} />}
    >
      <ConfirmationNotices
        appointment={appointment}
        alreadySent={data.alreadySent}
        justDone={data.kind !== "view"}
      />
      <PageIndex
        id="indice-della-pagina"
        title={t("appointments.success.index")}
        items={sections}
        className="mb-4"
      />
      <SummarySection appointment={appointment} />
      <WhatToBringSection appointment={appointment} />
      <AddressSection appointment={appointment} />
      <CalendarSection calendarHref={data.calendarHref} />
      <ManageSection data={data} />
    </AppointmentLayout>
  );
}

/** "Già inviata" when the confirmation was posted twice, then the code, office, time and status. */
function ConfirmationNotices({
  appointment,
  alreadySent,
  justDone,
}: {
  appointment: Appointment;
  alreadySent?: boolean;
  /** Booked or changed just now by this browser (a success); else the appointment as it is (information). */
  justDone: boolean;
}) {
  const t = useT(appointmentsIt);
  return (
    <>
      {alreadySent ? (
        <Callout title={t("appointments.success.alreadySentTitle")} variant="info" titleAs="h2">
          <p className="mb-0">{t("appointments.success.alreadySent")}</p>
        </Callout>
      ) : null}
      <Callout
        title={`${t("appointments.success.code")}: ${appointment.id}`}
        variant={justDone ? "success" : "info"}
        titleAs="h2"
      >
        <p className="mb-0">
          {appointment.office?.name} · {appointment.when} · {t("appointments.summary.status")}:{" "}
          <strong>{appointment.statusLabel}</strong>
        </p>
        {appointment.status === "IN_ATTESA" ? (
          <p className="mb-0 mt-2">{t("appointments.success.pending")}</p>
        ) : null}
      </Callout>
    </>
  );
}

function SummarySection({ appointment }: { appointment: Appointment }) {
  const t = useT(appointmentsIt);
  const office = appointment.office;
  return (
    <Section id="riepilogo" title={t("appointments.success.summary")}>
      {office ? (
        <SummaryCards
          summary={{
            office,
            when: appointment.when,
            reasonName: appointment.reasonName,
            details: appointment.details,
            requester: appointment.requester,
            statusLabel: appointment.statusLabel,
          }}
        />
      ) : null}
    </Section>
  );
}

/** The office's "what to bring", without its own leading label (the section's title says it). */
function WhatToBringSection({ appointment }: { appointment: Appointment }) {
  const t = useT(appointmentsIt);
  const notes = appointment.office?.additionalInformations;
  if (!notes) return null;
  return (
    <Section id="cosa-serve" title={t("appointments.success.whatToBring")}>
      <p>
        {withoutLeadingLabel(notes, [
          t("appointments.success.whatToBring"),
          appointmentsIt["appointments.success.whatToBring"],
        ])}
      </p>
    </Section>
  );
}

function AddressSection({ appointment }: { appointment: Appointment }) {
  const t = useT(appointmentsIt);
  const office = appointment.office;
  return (
    <Section id="indirizzo" title={t("appointments.success.address")}>
      <p className="mb-1">{office?.name}</p>
      <p>{office?.location}</p>
      {appointment.videoCallUrl ? (
        <p>
          {t("appointments.success.videoCall")}:{" "}
          <a href={appointment.videoCallUrl}>{appointment.videoCallUrl}</a>
        </p>
      ) : null}
    </Section>
  );
}

function CalendarSection({ calendarHref }: { calendarHref: string }) {
  const t = useT(appointmentsIt);
  return (
    <Section id="calendario" title={t("appointments.success.addToCalendar")}>
      <p>{t("appointments.success.calendarHint")}</p>
      <DownloadLink className="btn btn-outline-primary" href={calendarHref}>
        <Icon name="it-calendar" className="icon-primary icon-sm me-2" />
        {t("appointments.success.download")}
      </DownloadLink>
    </Section>
  );
}

/** Change or cancel (when this browser may), or how to manage it by e-mail; then where to go next. */
function ManageSection({ data }: { data: ConfirmationData }) {
  const t = useT(appointmentsIt);
  const { manage } = data;
  return (
    <Section id="gestione" title={t("appointments.success.manage")}>
      {manage ? (
        <div className="d-flex flex-wrap gap-3">
          <Link className="btn btn-primary" to={manage.editHref}>
            {t("appointments.success.editLink")}
          </Link>
          <CancelAppointment
            appointment={data.appointment}
            action={manage.cancelAction}
            noJsHref={manage.cancelNoJsHref}
          />
        </div>
      ) : data.loggedIn ? null : (
        <p>{t("appointments.success.manageByMail")}</p>
      )}
      <p className="mt-4">
        <Link to={href(data.loggedIn ? "/area-personale" : "/servizi/prenotazione-appuntamento")}>
          {data.loggedIn ? t("appointments.success.personalArea") : t("appointments.success.newBooking")}
        </Link>
      </p>
    </Section>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="mb-5" aria-labelledby={`${id}-titolo`}>
      <h2 id={`${id}-titolo`} className="h4 mb-3">
        {title}
      </h2>
      {children}
    </section>
  );
}
