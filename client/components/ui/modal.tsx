import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { useT } from "#client/i18n/i18n-context.tsx";
import { cx } from "./class-names.ts";
import { getFocusable, trapTabKey } from "./focus.ts";
import { Icon } from "./icon.tsx";
import { useHydrated } from "./use-hydrated.tsx";

export type ModalProps = {
  /** The dialog's id: the target of the opener's `aria-controls` (and of a `#id` link before hydration). */
  id: string;
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "lg";
  className?: string;
  /** What gets the focus on opening; default: the first focusable element of the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Before hydration the close control is a link to this address (e.g. `#` to leave a `:target` dialog). */
  noJsCloseHref?: string;
};

/**
 * An accessible bootstrap-italia modal: role dialog, aria-modal, labelled by its title, Escape and backdrop close,
 * Tab cycling inside, focus returned to the opener. The markup is always rendered (hidden by `.modal` until open),
 * so the server HTML can carry it; a `:target` rule in portal.css shows it without JavaScript.
 */
export function Modal(props: ModalProps) {
  const { id, open, onClose, title, children, footer, size, className, initialFocusRef, noJsCloseHref } =
    props;
  const t = useT();
  const titleId = useId();
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusWhileOpen(open, dialogRef, initialFocusRef);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    } else if (dialogRef.current) trapTabKey(event, dialogRef.current);
  };
  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <>
      <div
        ref={dialogRef}
        id={id}
        className={cx("modal fade", open && "show", className)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-js={hydrated ? "" : undefined}
        onKeyDown={onKeyDown}
        onMouseDown={onBackdropMouseDown}
      >
        <div className={cx("modal-dialog", size && `modal-${size}`)}>
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
              {!hydrated && noJsCloseHref ? (
                <a className="btn-close" href={noJsCloseHref}>
                  <Icon name="it-close" />
                  <span className="visually-hidden">{t("modal.close")}</span>
                </a>
              ) : (
                <button className="btn-close" type="button" onClick={onClose}>
                  <Icon name="it-close" />
                  <span className="visually-hidden">{t("modal.close")}</span>
                </button>
              )}
            </div>
            <div className="modal-body">{children}</div>
            {footer ? <div className="modal-footer">{footer}</div> : null}
          </div>
        </div>
      </div>
      {open ? <div className="modal-backdrop fade show" /> : null}
    </>
  );
}

function useFocusWhileOpen(
  open: boolean,
  dialogRef: RefObject<HTMLDivElement | null>,
  initialFocusRef?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const previous = document.activeElement;
    (initialFocusRef?.current ?? getFocusable(dialog)[0] ?? dialog).focus();
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, [open, dialogRef, initialFocusRef]);
}
