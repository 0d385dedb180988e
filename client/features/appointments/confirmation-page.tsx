import type { ReactNode } from "react";
import { Link } from "react-router";
import { Callout } from "#client/components/ui/callout.tsx";
import { Icon } from "#client/components/ui/icon.tsx";
import { PageEnd } from "#client/features/page-end/page-end.tsx";
import { href } from "#client/lib/links.ts";
import type { ConfirmationData } from "./step-types.ts";
import { CancelAppointment } from "./cancel-appointment.tsx";
import { AppointmentLayout } from "./page-layout.tsx";
import { SummaryCards } from "./summary-cards.tsx";
import { texts } from "./texts.ts";

/** "Appuntamento confermato" / "Appuntamento modificato": summary, what to bring, address, calendar file, rating. */
export function ConfirmationPage({ data }: { data: ConfirmationData }) {
  const { appointment, manage } = data;
  const title = data.kind === "booked" ? texts.success.title : texts.success.editedTitle;
  const office = appointment.office;
  const sections = [
    { id: "riepilogo", title: texts.success.summary },
    ...(office?.additionalInformations ? [{ id: "cosa-serve", title: texts.success.whatToBring }] : []),
    { id: "indirizzo", title: texts.success.address },
    { id: "calendario", title: texts.success.addToCalendar },
  ];
  return (
    <AppointmentLayout
      title={title}
      current={title}
      lead={texts.success.lead(appointment.requester.email || null)}
      after={<PageEnd variant="service" title={title} />}
    >
      {data.alreadySent ? (
        <Callout title={texts.success.alreadySentTitle} variant="info" titleAs="h2">
          <p className="mb-0">{texts.success.alreadySent}</p>
        </Callout>
      ) : null}
      <Callout title={`${texts.success.code}: ${appointment.id}`} variant="success" titleAs="h2">
        <p className="mb-0">
          {appointment.office?.name} · {appointment.when} · {texts.summary.status}:{" "}
          <strong>{appointment.statusLabel}</strong>
        </p>
        {appointment.status === "IN_ATTESA" ? <p className="mb-0 mt-2">{texts.success.pending}</p> : null}
      </Callout>
      <nav aria-label={texts.success.index} className="mb-4">
        <ul className="link-list">
          {sections.map((section) => (
            <li key={section.id}>
              <a className="list-item" href={`#${section.id}`}>
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Section id="riepilogo" title={texts.success.summary}>
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
      {office?.additionalInformations ? (
        <Section id="cosa-serve" title={texts.success.whatToBring}>
          <p>{office.additionalInformations}</p>
        </Section>
      ) : null}
      <Section id="indirizzo" title={texts.success.address}>
        <p className="mb-1">{office?.name}</p>
        <p>{office?.location}</p>
        {appointment.videoCallUrl ? (
          <p>
            {texts.success.videoCall}: <a href={appointment.videoCallUrl}>{appointment.videoCallUrl}</a>
          </p>
        ) : null}
      </Section>
      <Section id="calendario" title={texts.success.addToCalendar}>
        <p>{texts.success.calendarHint}</p>
        <a className="btn btn-outline-primary" href={data.calendarHref} download>
          <Icon name="it-calendar" className="icon-primary icon-sm me-2" />
          {texts.success.download}
        </a>
      </Section>
      <Section id="gestione" title={texts.success.manage}>
        {manage ? (
          <div className="d-flex flex-wrap gap-3">
            <Link className="btn btn-primary" to={manage.editHref}>
              {texts.success.editLink}
            </Link>
            <CancelAppointment
              appointment={appointment}
              action={manage.cancelAction}
              noJsHref={manage.cancelNoJsHref}
            />
          </div>
        ) : data.loggedIn ? null : (
          <p>{texts.success.manageByMail}</p>
        )}
        <p className="mt-4">
          <Link to={href(data.loggedIn ? "/area-personale" : "/servizi/prenotazione-appuntamento")}>
            {data.loggedIn ? texts.success.personalArea : texts.success.newBooking}
          </Link>
        </p>
      </Section>
    </AppointmentLayout>
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
