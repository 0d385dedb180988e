import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useNavigation } from "react-router";
import { useT } from "#client/i18n/i18n-context.tsx";
import { Spinner } from "./spinner.tsx";
import { cx } from "./class-names.ts";

export type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  children: ReactNode;
  /** Said by screen readers while the form is sent; default "Caricamento in corso…". */
  busyLabel?: string;
  /** A fetcher form passes its own state; page forms follow the navigation (a post being submitted). */
  busy?: boolean;
};

/**
 * The one submit button of a form (spec §4, forms lock while they are sent): while the post is on its way, and while
 * the page it answered with loads, it is `aria-disabled` and `aria-busy`, with a spinner, and a press (a click, Enter
 * in a field, which presses the form's button) does nothing. Not `disabled`: the browser takes the focus away from a
 * disabled button, to `<body>`, and a keyboard or screen-reader user who pressed it lost their place whenever the
 * page stays (a profile's "Salva", a search). Without JavaScript it is a plain submit button.
 */
export function SubmitButton({
  children,
  busyLabel,
  busy,
  className,
  onClick,
  ...button
}: SubmitButtonProps) {
  const t = useT();
  const navigation = useNavigation();
  // Until the post's outcome is shown: while it is sent, then while the page it leads to loads (a second press in
  // between would post again a form whose flow the first one has already closed).
  const posting =
    navigation.state !== "idle" &&
    navigation.formMethod !== undefined &&
    navigation.formMethod.toUpperCase() !== "GET";
  const locked = busy ?? posting;
  return (
    <button
      {...button}
      type="submit"
      className={cx(className ?? "btn btn-primary", locked && "disabled")}
      aria-disabled={locked || undefined}
      aria-busy={locked || undefined}
      onClick={(event) => {
        if (locked) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {locked ? <Spinner small className="me-2" label={busyLabel ?? t("spinner.loading")} /> : null}
      {children}
    </button>
  );
}
