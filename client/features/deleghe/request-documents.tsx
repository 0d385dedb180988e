import { DOCUMENT_SLOTS, DOCUMENT_TYPES, type DocumentSlot } from "#shared/api/deleghe.ts";
import { FileUpload } from "#client/components/ui/file-upload.tsx";
import { fileSizeText } from "#shared/file-size.ts";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import type { Errors } from "./new-delega-fields.tsx";
import { documentFieldName } from "./steps.ts";
import { delegheIt } from "./texts.ts";

export type HeldDocuments = Partial<Record<DocumentSlot, { nome: string; tipo: string; dimensione: number }>>;

/** The three documents of §3, each its own file field listing the file already held (a new choice replaces it). */
export function DocumentsFields({ held, errors }: { held: HeldDocuments; errors: Errors }) {
  const t = useT(delegheIt);
  return (
    <>
      <p>{t("deleghe.request.documentsIntro")}</p>
      {DOCUMENT_SLOTS.map((slot) => {
        const doc = held[slot];
        return (
          <FileUpload
            // A new key when the held file changes: the input forgets the file it just sent (no double listing).
            key={`${slot}-${doc?.nome ?? ""}-${doc?.dimensione ?? 0}`}
            id={documentFieldName(slot)}
            name={documentFieldName(slot)}
            label={t(`deleghe.slot.${slot}`)}
            hint={doc ? t("deleghe.request.held") : t("deleghe.request.documentsHint")}
            rules={{ allowed: DOCUMENT_TYPES }}
            held={doc ? [{ key: slot, name: doc.nome, size: doc.dimensione }] : []}
            emptyText={t("deleghe.request.none")}
            error={errors[documentFieldName(slot)]}
          />
        );
      })}
    </>
  );
}

/** The summary's rows of the documents: each slot with its file's name and size. */
export function DocumentsSummary({ held }: { held: HeldDocuments }) {
  const t = useT(delegheIt);
  const locale = useLocale();
  return (
    <ul className="mb-1">
      {DOCUMENT_SLOTS.map((slot) => {
        const doc = held[slot];
        return doc ? (
          <li key={slot}>
            {t(`deleghe.slot.${slot}`)}: {doc.nome} ({fileSizeText(doc.dimensione, locale)})
          </li>
        ) : null;
      })}
    </ul>
  );
}
