import { useT } from "#client/i18n/i18n-context.tsx";
import { cx } from "./class-names.ts";

export type SpinnerProps = {
  /** Visually hidden text; default "Caricamento in corso…". */
  label?: string;
  small?: boolean;
  className?: string;
};

/** bootstrap-italia's active progress spinner with a visually hidden label. */
export function Spinner({ label, small, className }: SpinnerProps) {
  const t = useT();
  return (
    <span
      className={cx("progress-spinner progress-spinner-active d-inline-block", small && "size-sm", className)}
    >
      <span className="visually-hidden">{label ?? t("spinner.loading")}</span>
    </span>
  );
}
