import { useId, useRef, useState, type FormEvent } from "react";
import { Icon } from "#client/components/ui/icon.tsx";
import { LinkButton } from "#client/components/ui/link-button.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";

const dialogId = "ricerca-sito";

/**
 * The header search ("Cerca per parola chiave"): a GET form to the CMS search address with the text in `s`, in a
 * dialog rendered only while it is open (its markup is not sent with every page). Before hydration, and without
 * JavaScript, the opener is a plain link to the CMS search page; the same element becomes the dialog's button.
 */
export function SiteSearch({ action }: { action: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="it-search-wrapper">
      <span className="d-none d-md-block">{t("search.label")}</span>
      <LinkButton
        className="search-link rounded-icon"
        href={action}
        onPress={() => setOpen(true)}
        ariaHaspopup="dialog"
        ariaControls={open ? dialogId : undefined}
      >
        <Icon name="it-search" />
        <span className="visually-hidden">{t("search.open")}</span>
      </LinkButton>
      {open ? <SearchDialog action={action} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

type SearchDialogProps = { action: string; onClose: () => void };

function SearchDialog({ action, onClose }: SearchDialogProps) {
  const t = useT();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [empty, setEmpty] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (inputRef.current?.value.trim()) return;
    event.preventDefault();
    setEmpty(true);
    inputRef.current?.focus();
  };
  return (
    <Modal
      id={dialogId}
      open
      onClose={onClose}
      title={t("search.title")}
      size="lg"
      initialFocusRef={inputRef}
    >
      <form method="get" action={action} role="search" noValidate onSubmit={onSubmit}>
        <div className="form-group mt-4">
          <label htmlFor={inputId} className="active">
            {t("search.input")}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className={empty ? "form-control is-invalid" : "form-control"}
            type="search"
            name="s"
            required
            autoComplete="off"
            aria-invalid={empty || undefined}
            aria-describedby={hintId}
            onChange={() => setEmpty(false)}
          />
          <div id={hintId} className="invalid-feedback d-block" aria-live="polite">
            {empty ? t("search.emptyHint") : null}
          </div>
        </div>
        <button type="submit" className="btn btn-primary">
          {t("search.submit")}
        </button>
      </form>
    </Modal>
  );
}
