/** Italian messages of the validation rules; `{value}` is replaced by the rule's limit. */
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

export function formatValidationMessage(key: ValidationMessageKey, value?: number | string): string {
  const template: string = validationMessages[key];
  return value === undefined ? template : template.replaceAll("{value}", String(value));
}
