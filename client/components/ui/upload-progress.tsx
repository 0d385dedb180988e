import { useNavigation } from "react-router";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { formatMegabytes } from "#shared/file-size.ts";

export function attachedFiles(formData: FormData | undefined): File[] {
  if (!formData) return [];
  return [...formData.values()].filter((v): v is File => typeof v !== "string" && v.size > 0);
}

/**
 * While a page form carrying files is sent, says so (a live status with the files' count and size) and shows a
 * running bar, so a citizen on a slow connection knows the upload is under way. React Router sends forms with
 * `fetch`, which reports no upload progress, so the bar is indeterminate rather than a percentage. Without
 * JavaScript the browser shows its own progress.
 */
export function UploadProgress() {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const files = navigation.state === "submitting" ? attachedFiles(navigation.formData) : [];
  const total = files.reduce((sum, f) => sum + f.size, 0);
  return (
    <div role="status" className="mt-3">
      {files.length > 0 ? (
        <>
          <p className="mb-2">
            {t("form.uploading", { count: files.length, size: formatMegabytes(Math.max(total, 1), locale) })}
          </p>
          <div className="progress progress-indeterminate">
            <span className="visually-hidden">{t("spinner.loading")}</span>
            <div className="progress-bar" role="presentation" />
          </div>
        </>
      ) : null}
    </div>
  );
}
