import { useRef, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { LinkButton } from "#client/components/ui/link-button.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import type { AppointmentView } from "./appointment-view.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { XsrfField } from "#client/components/xsrf-field.tsx";

export type CancelAppointmentProps = {
  appointment: AppointmentView;
  /** The edit page that handles `intent=annulla`. */
  action: string;
  /** Without JavaScript: the edit page's confirmation section (`?annulla=1`). */
  noJsHref: string;
};

/** "Annulla appuntamento": with JavaScript a confirmation modal, without it a link to the confirmation section. */
export function CancelAppointment({ appointment, action, noJsHref }: CancelAppointmentProps) {
  const t = useT(appointmentsIt);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const noRef = useRef<HTMLButtonElement>(null);
  const modalId = `annulla-${appointment.id}`;
  // One element before and after hydration (a press across it is not lost): a link to the confirmation section, then
  // the opener of the same question as a dialog.
  return (
    <>
      <LinkButton
        className="btn btn-outline-danger"
        href={noJsHref}
        onPress={() => setOpen(true)}
        ariaHaspopup="dialog"
        ariaControls={modalId}
      >
        {t("appointments.success.cancelLink")}
      </LinkButton>
      {hydrated ? (
        <Modal
          id={modalId}
          open={open}
          onClose={() => setOpen(false)}
          title={t("appointments.cancel.title")}
          initialFocusRef={noRef}
        >
          <CancelQuestion appointment={appointment} />
          <CancelForm action={action}>
            <button
              ref={noRef}
              type="button"
              className="btn btn-outline-primary"
              onClick={() => setOpen(false)}
            >
              {t("appointments.cancel.no")}
            </button>
          </CancelForm>
        </Modal>
      ) : null}
    </>
  );
}

/** The same question as a page section, for browsers without JavaScript. */
export function CancelConfirmation({
  appointment,
  action,
  backHref,
}: {
  appointment: AppointmentView;
  action: string;
  backHref: string;
}) {
  const t = useT(appointmentsIt);
  return (
    <section id="annullamento" className="callout danger" aria-labelledby="annullamento-titolo">
      <div className="callout-inner">
        <h2 id="annullamento-titolo" className="callout-title h5">
          {t("appointments.cancel.title")}
        </h2>
        <div className="text">
          <CancelQuestion appointment={appointment} />
          <CancelForm action={action}>
            <Link className="btn btn-outline-primary" to={backHref}>
              {t("appointments.cancel.no")}
            </Link>
          </CancelForm>
        </div>
      </div>
    </section>
  );
}

function CancelQuestion({ appointment }: { appointment: AppointmentView }) {
  const t = useT(appointmentsIt);
  return (
    <>
      <p className="fw-semibold">{t("appointments.cancel.question")}</p>
      <p>
        {appointment.office?.name}
        <br />
        {appointment.when}
      </p>
      <p className="small">{t("appointments.cancel.irreversible")}</p>
    </>
  );
}

function CancelForm({ action, children }: { action: string; children: ReactNode }) {
  const t = useT(appointmentsIt);
  return (
    <Form method="post" action={action} className="d-flex flex-wrap gap-3 mt-3">
      <XsrfField />
      <input type="hidden" name="intent" value="annulla" />
      <SubmitButton className="btn btn-danger">{t("appointments.cancel.yes")}</SubmitButton>
      {children}
    </Form>
  );
}
