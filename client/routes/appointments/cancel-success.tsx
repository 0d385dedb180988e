import { Link } from "react-router";
import type { Route } from "./+types/cancel-success";
import { requireAsset } from "#client/lib/require-asset.ts";
import { pageTitle } from "#client/lib/titles.ts";
import { href } from "#client/lib/links.ts";
import { Callout } from "#client/components/ui/callout.tsx";
import { PageEnd } from "#client/features/page-end/page-end.tsx";
import { AppointmentLayout } from "#client/features/appointments/page-layout.tsx";
import { texts } from "#client/features/appointments/texts.ts";

export const middleware = [requireAsset("APPSCHED")];

export const handle = { title: texts.cancel.successTitle };

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, texts.cancel.successTitle);

export default function CancelSuccess() {
  return (
    <AppointmentLayout
      title={texts.cancel.successTitle}
      current={texts.cancel.successTitle}
      after={<PageEnd variant="service" title={texts.cancel.successTitle} />}
    >
      <Callout title={texts.cancel.successTitle} variant="success" titleAs="h2">
        <p className="mb-0">{texts.cancel.successLead}</p>
      </Callout>
      <div className="d-flex flex-wrap gap-3 mt-4">
        <Link className="btn btn-primary" to={href("/servizi/prenotazione-appuntamento")}>
          {texts.success.newBooking}
        </Link>
        <Link className="btn btn-outline-primary" to={href("/")}>
          Torna alla pagina iniziale
        </Link>
      </div>
    </AppointmentLayout>
  );
}
