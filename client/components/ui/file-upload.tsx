import { useCallback, useEffect, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { cx } from "./class-names.ts";
import { FieldError, FieldHint } from "./field-parts.tsx";
import { Icon } from "./icon.tsx";
import { useHydrated } from "./use-hydrated.tsx";
import { fileSizeText } from "#shared/file-size.ts";
import { formatValidationMessage } from "#shared/validation/messages.ts";
import {
  acceptAttribute,
  ALL_ATTACHMENT_TYPES,
  checkChosenFile,
  type AttachmentRules,
} from "#shared/validation/attachments.ts";
import { fitPhoto, mayFitPhoto } from "./fit-photo.ts";

/** A file the form already holds (kept from a previous post): its name, its size when known, an action (remove). */
export type HeldFile = { key: string; name: string; size?: number; action?: ReactNode };

export type FileUploadProps = {
  id: string;
  name: string;
  /** The field's name ("Allegato"), shown above the button and part of the input's accessible name. */
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /**
   * The types and size the server accepts (its `checkAttachment`'s): the input's `accept`, and, with JavaScript, a
   * file that breaks them is refused as soon as it is chosen, with the server's words, instead of being listed as
   * if it would be sent.
   */
  rules: AttachmentRules;
  /** How many files may still be chosen (a form holding some already); more are refused as they are chosen. */
  maxFiles?: number;
  multiple?: boolean;
  /** Files the form already holds, listed with the ones chosen in the browser. */
  held?: readonly HeldFile[];
  /** The list's text while no file is held or chosen (e.g. "Nessun file allegato"); nothing when absent. */
  emptyText?: ReactNode;
  /** False when no more files may be added: only the list (and the error) is shown. */
  canAdd?: boolean;
  /** Content between the list and the button (e.g. "remove the attachment" choices). */
  children?: ReactNode;
};

/**
 * A file field as bootstrap-italia's upload component: the native `<input type="file" class="upload">` behind a
 * `<label for>` drawn as the "Carica file" button, and the `upload-file-list` of the files held and chosen (name
 * and size), so the text above or below the field always says what the form will send. Without JavaScript (before
 * hydration) the native input is shown as it is, with its own file name, and stays fully operable; the input keeps
 * the keyboard focus in both (the button shows it) and is named by the field's label and the button.
 */
export function FileUpload(props: FileUploadProps) {
  const t = useT();
  const hydrated = useHydrated();
  const { id } = props;
  const held = props.held ?? [];
  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;
  const { input, chosen, fitting, refusal, onChange, forget } = useChosenFiles(props);
  const error = refusal ?? props.error;
  const describedBy = [props.hint ? `${id}-hint` : "", error ? `${id}-error` : "", `${id}-list`]
    .filter(Boolean)
    .join(" ");
  useForgetWhenAnswered(props.error, held, forget);
  const rows: (HeldFile & { chosen: boolean })[] = [
    ...held.map((file) => ({ ...file, chosen: false })),
    ...(hydrated ? chosen.map((file, index) => ({ key: `chosen-${index}`, ...file, chosen: true })) : []),
  ];
  return (
    <div className="mb-3 file-upload">
      <p id={labelId} className="form-label d-block fw-semibold mb-2">
        {props.label}
      </p>
      <UploadFileList id={`${id}-list`} rows={rows} emptyText={props.emptyText} fitting={fitting} />
      {props.children}
      {props.canAdd === false ? null : (
        <>
          <input
            ref={input}
            type="file"
            id={id}
            name={props.name}
            multiple={props.multiple}
            accept={acceptAttribute(props.rules.allowed ?? ALL_ATTACHMENT_TYPES)}
            className={hydrated ? "upload" : cx("form-control", error ? "is-invalid" : undefined)}
            aria-labelledby={hydrated ? `${labelId} ${buttonId}` : labelId}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            onChange={onChange}
          />
          <label htmlFor={id} id={buttonId} className={hydrated ? undefined : "visually-hidden"}>
            <Icon name="it-upload" className="icon-sm" />
            {props.multiple ? t("upload.chooseMany") : t("upload.choose")}
          </label>
        </>
      )}
      {props.canAdd === false ? (
        // No input to link the error summary to: the error itself is the target.
        error ? (
          <div id={id} tabIndex={-1} className="invalid-feedback d-block">
            {error}
          </div>
        ) : null
      ) : (
        <>
          <FieldHint id={`${id}-hint`}>{props.hint}</FieldHint>
          {refusal ? (
            // A file refused as it is chosen is read out at once (the input keeps the focus).
            <div role="alert">
              <FieldError id={`${id}-error`}>{refusal}</FieldError>
            </div>
          ) : (
            <FieldError id={`${id}-error`}>{props.error}</FieldError>
          )}
        </>
      )}
    </div>
  );
}

/** A file chosen in the browser: its name and size, and its size before it was redrawn smaller (fit-photo.ts). */
type ChosenFile = { name: string; size: number; reducedFrom?: number };

/**
 * The files chosen in the browser (also one chosen before hydration), listed again after each change; a photo over
 * the limit is first redrawn smaller (`fitting` meanwhile) and the input holds the smaller one; a choice that breaks
 * the field's rules (a type, a size, too many files) empties the input and says why (`refusal`).
 */
function useChosenFiles({ rules, maxFiles }: Pick<FileUploadProps, "rules" | "maxFiles">) {
  const locale = useLocale();
  const [chosen, setChosen] = useState<readonly ChosenFile[]>([]);
  const [fitting, setFitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  /** Counts the choices, so that a photo redrawn for an earlier one never replaces a later choice. */
  const choice = useRef(0);
  const list = (files: FileList | null | undefined, reducedFrom: readonly (number | undefined)[] = []) =>
    setChosen(
      [...(files ?? [])].map((file, index) => ({
        name: file.name,
        size: file.size,
        reducedFrom: reducedFrom[index],
      })),
    );
  // A file chosen before the page was hydrated is listed too.
  useEffect(() => list(input.current?.files), []);
  const tooMany = (count: number) => maxFiles !== undefined && count > maxFiles;
  const settle = (target: HTMLInputElement, reducedFrom: readonly (number | undefined)[] = []) => {
    const files = [...(target.files ?? [])];
    const refused = tooMany(files.length)
      ? formatValidationMessage("maxFilesCount", maxFiles!, locale)
      : files.map((file) => checkChosenFile(file, rules, locale)).find(Boolean);
    setRefusal(refused ?? null);
    if (refused) target.value = "";
    list(target.files, reducedFrom);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const target = event.currentTarget;
    const files = [...(target.files ?? [])];
    const mine = ++choice.current;
    if (tooMany(files.length) || !files.some((file) => mayFitPhoto(file, rules))) {
      setFitting(false);
      return settle(target);
    }
    setFitting(true);
    setRefusal(null);
    setChosen([]);
    void Promise.all(
      files.map(async (file) => (mayFitPhoto(file, rules) ? ((await fitPhoto(file, rules)) ?? file) : file)),
    ).then((fitted) => {
      if (choice.current !== mine) return;
      setFitting(false);
      const reducedFrom = fitted.map((file, index) =>
        file === files[index] ? undefined : files[index]!.size,
      );
      if (reducedFrom.some((size) => size !== undefined)) {
        const transfer = new DataTransfer();
        for (const file of fitted) transfer.items.add(file);
        target.files = transfer.files;
      }
      settle(target, reducedFrom);
    });
  };
  /** Empties the input and its list (the server has refused what it held: its error is the one shown). */
  const forget = useCallback(() => {
    choice.current++;
    if (input.current) input.current.value = "";
    setChosen([]);
    setFitting(false);
    setRefusal(null);
  }, []);
  return { input, chosen, fitting, refusal, onChange, forget };
}

/**
 * What the input holds once the server has answered its post: a field the server refused (a file refused by its
 * bytes, too large…) lists nothing as if accepted nor sends it again (issue #40), the error names what was refused; an
 * answer holding the files it was sent (the form refused for another field) lists them as held, the input forgets
 * them, so they are neither listed twice nor sent again.
 */
function useForgetWhenAnswered(error: ReactNode, held: readonly HeldFile[], forget: () => void) {
  useEffect(() => {
    if (error) forget();
  }, [error, forget]);
  const heldKeys = held.map((file) => file.key).join("\0");
  const heldBefore = useRef(heldKeys);
  useEffect(() => {
    if (heldBefore.current === heldKeys) return;
    heldBefore.current = heldKeys;
    if (heldKeys) forget();
  }, [heldKeys, forget]);
}

/**
 * The `upload-file-list`: each file held or chosen with its size (and the size of a photo before it was made smaller),
 * or the empty text; while a photo is being made smaller, that says so.
 */
function UploadFileList(props: {
  id: string;
  rows: readonly (HeldFile & { chosen: boolean; reducedFrom?: number })[];
  emptyText: ReactNode;
  fitting: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const { rows } = props;
  return (
    <ul id={props.id} className="upload-file-list" aria-live="polite">
      {props.fitting ? (
        <li className="upload-file">
          <p className="mb-0 small">{t("upload.fitting")}</p>
        </li>
      ) : null}
      {rows.length === 0 && props.emptyText && !props.fitting ? (
        <li className="upload-file">
          <p className="mb-0 small">{props.emptyText}</p>
        </li>
      ) : null}
      {rows.map((file) => (
        <li key={file.key} className="upload-file success">
          <Icon name="it-file" className="icon-sm" />
          <p className="mb-0">
            <span className="visually-hidden">{file.chosen ? t("upload.chosen") : t("upload.held")} </span>
            {file.name}
            {file.size !== undefined ? (
              <span className="upload-file-weight">
                {" "}
                (
                {file.reducedFrom === undefined
                  ? fileSizeText(file.size, locale)
                  : t("upload.reduced", {
                      size: fileSizeText(file.size, locale),
                      from: fileSizeText(file.reducedFrom, locale),
                    })}
                )
              </span>
            ) : null}
          </p>
          {file.action}
        </li>
      ))}
    </ul>
  );
}
