import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { InformationLayout } from "./information-layout.tsx";
import { informationIt } from "./texts.ts";

/**
 * "Note legali": the licence section of the Modello Comuni (`legal-notes-section`, `legal-notes-body`, the exact
 * text the AGID checker compares, C.SI.3.4), then the municipality's own notes when configured (shown as sent).
 */
export function LegalNotesPage({ notes }: { notes: string[] }) {
  const t = useT(informationIt);
  return (
    <InformationLayout
      breadcrumb={[{ name: "Home", href: href("/") }, { name: t("information.legal.title") }]}
      title={t("information.legal.title")}
      lead={t("information.legal.lead")}
      prose
    >
      <section className="mb-4" aria-labelledby="licenza-dei-contenuti">
        <h2 id="licenza-dei-contenuti" className="h3" data-element="legal-notes-section">
          {t("information.legal.licenceTitle")}
        </h2>
        <p data-element="legal-notes-body">{t("information.legal.licenceBody")}</p>
      </section>
      {notes.length > 0 ? (
        <section aria-labelledby="informazioni-sul-portale">
          <h2 id="informazioni-sul-portale" className="h3">
            {t("information.legal.moreTitle")}
          </h2>
          {notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </section>
      ) : null}
    </InformationLayout>
  );
}

/**
 * "Informativa sulla privacy": the municipality's notice when configured (paragraphs shown as sent), the portal's
 * default otherwise.
 */
export function PrivacyPage({
  paragraphs,
  municipality,
}: {
  paragraphs: string[] | null;
  municipality: string;
}) {
  const t = useT(informationIt);
  const text = paragraphs ?? [
    t("information.privacy.controller", { municipality }),
    t("information.privacy.purpose"),
    t("information.privacy.retention"),
    t("information.privacy.rights"),
    t("information.privacy.cookies"),
  ];
  return (
    <InformationLayout
      breadcrumb={[{ name: "Home", href: href("/") }, { name: t("information.privacy.title") }]}
      title={t("information.privacy.title")}
      lead={t("information.privacy.lead")}
      prose
    >
      {text.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </InformationLayout>
  );
}
