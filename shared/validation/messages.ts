import type { Locale } from "../locale.ts";

/**
 * Messages of the validation rules, Italian (the source of the keys) and English; `{value}` is replaced by the
 * rule's limit. A rule's issue carries its key (`params.rule`), and `validateForm` writes it in the request's locale.
 */
export const validationMessages = {
  required: "Campo obbligatorio",
  email: "Inserisci un indirizzo e-mail valido, ad esempio nome@esempio.it",
  minLength: "Inserisci almeno {value} caratteri",
  maxLength: "Inserisci al massimo {value} caratteri",
  password: "La password deve avere almeno 8 caratteri, con almeno una lettera e una cifra",
  strongPassword:
    "La password deve avere almeno 8 caratteri, con una lettera maiuscola, una minuscola, una cifra e un simbolo tra @$!%*?&",
  number: "Inserisci un numero",
  integer: "Inserisci un numero intero",
  maxNumber: "Il numero deve essere minore o uguale a {value}",
  minNumber: "Il numero deve essere maggiore o uguale a {value}",
  pattern: "Il valore non è nel formato corretto",
  fiscalCode:
    "Inserisci un codice fiscale valido: 16 lettere e cifre, con l'ultimo carattere di controllo corretto",
  companyNumber: "Inserisci una partita IVA valida: 11 cifre",
  minFilesCount: "Allega almeno {value} file",
  maxFilesCount: "Puoi allegare al massimo {value} file",
  fileSize: "Ogni file allegato può essere al massimo di {value} MB",
  fileType: "Puoi allegare solo file di tipo {value}",
  fallback: "Il valore non è corretto",
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

export const validationMessagesEn: Record<ValidationMessageKey, string> = {
  required: "Required field",
  email: "Enter a valid e-mail address, for example name@example.com",
  minLength: "Enter at least {value} characters",
  maxLength: "Enter at most {value} characters",
  password: "The password must have at least 8 characters, with at least one letter and one digit",
  strongPassword:
    "The password must have at least 8 characters, with an upper-case letter, a lower-case letter, a digit and a symbol among @$!%*?&",
  number: "Enter a number",
  integer: "Enter a whole number",
  maxNumber: "The number must be less than or equal to {value}",
  minNumber: "The number must be greater than or equal to {value}",
  pattern: "The value is not in the right format",
  fiscalCode: "Enter a valid tax code: 16 letters and digits, with a correct check character at the end",
  companyNumber: "Enter a valid VAT number: 11 digits",
  minFilesCount: "Attach at least {value} files",
  maxFilesCount: "You can attach at most {value} files",
  fileSize: "Each attached file can be at most {value} MB",
  fileType: "You can only attach files of type {value}",
  fallback: "The value is not correct",
};

const byLocale: Record<Locale, Record<ValidationMessageKey, string>> = {
  it: validationMessages,
  en: validationMessagesEn,
};

export function formatValidationMessage(
  key: ValidationMessageKey,
  value?: number | string,
  locale: Locale = "it",
): string {
  const template = byLocale[locale][key];
  return value === undefined ? template : template.replaceAll("{value}", String(value));
}
