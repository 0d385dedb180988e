import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useNavigation } from "react-router";
import { useT } from "#client/i18n/i18n-context.tsx";
import { Spinner } from "./spinner.tsx";

export type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  children: ReactNode;
  /** Said by screen readers while the form is sent; default "Caricamento in corso…". */
  busyLabel?: string;
  /** A fetcher form passes its own state; page forms follow the navigation (a post being submitted). */
  busy?: boolean;
};

/**
 * The one submit button of a form (spec §4, forms lock while they are sent): while the post is on its way it is
 * disabled and `aria-busy`, with a spinner. Without JavaScript it is a plain submit button.
 */
export function SubmitButton({ children, busyLabel, busy, className, ...button }: SubmitButtonProps) {
  const t = useT();
  const navigation = useNavigation();
  const posting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() !== "GET";
  const locked = busy ?? posting;
  return (
    <button
      {...button}
      type="submit"
      className={className ?? "btn btn-primary"}
      disabled={locked || button.disabled}
      aria-busy={locked || undefined}
    >
      {locked ? <Spinner small className="me-2" label={busyLabel ?? t("spinner.loading")} /> : null}
      {children}
    </button>
  );
}
