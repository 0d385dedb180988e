import { Icon } from "#client/components/ui/icon.tsx";
import type { OfficeView } from "./appointment-view.ts";
import { useContentLang, useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";

/** The chosen office with its address (or the video-call note), as in `appuntamento-01-ufficio-luogo`. */
export function OfficeCard({ office, heading = "h3" }: { office: OfficeView; heading?: "h2" | "h3" }) {
  const t = useT(appointmentsIt);
  const Heading = heading;
  const lang = useContentLang();
  return (
    <div className="card card-bg no-after rounded mx-0 mb-4">
      <div className="card-body">
        <Heading className="card-title h5" lang={lang}>
          {office.name}
        </Heading>
        <p className="card-text mb-1 d-flex align-items-center">
          <Icon name={office.virtual ? "it-video" : "it-map-marker"} className="icon-sm icon-primary me-2" />
          <span>
            <span className="visually-hidden">
              {office.virtual ? t("appointments.place.virtual") : t("appointments.place.address")}:{" "}
            </span>
            {office.location}
          </span>
        </p>
        {office.description ? (
          <p className="card-text text-secondary mb-0" lang={lang}>
            {office.description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
