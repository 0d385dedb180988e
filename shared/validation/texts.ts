/**
 * The validation rules' messages (rules.ts), Italian: a catalogue like a feature's, read through the one `translate`
 * (`formatValidationMessage`, messages.ts); `{value}` is the rule's limit. English: texts.en.ts, in the complete
 * English catalogue of the app layer (client/texts.en.ts).
 */
export const validationIt = {
  "validation.required": "Campo obbligatorio",
  "validation.email": "Inserisci un indirizzo e-mail valido, ad esempio nome@esempio.it",
  "validation.minLength": "Inserisci almeno {value} caratteri",
  "validation.maxLength": "Inserisci al massimo {value} caratteri",
  "validation.password": "La password deve avere almeno 8 caratteri, con almeno una lettera e una cifra",
  "validation.strongPassword":
    "La password deve avere almeno 8 caratteri, con una lettera maiuscola, una minuscola, una cifra e un simbolo tra @$!%*?&",
  "validation.number": "Inserisci un numero",
  "validation.integer": "Inserisci un numero intero",
  "validation.maxNumber": "Il numero deve essere minore o uguale a {value}",
  "validation.minNumber": "Il numero deve essere maggiore o uguale a {value}",
  "validation.pattern": "Il valore non è nel formato corretto",
  "validation.fiscalCode":
    "Inserisci un codice fiscale valido: 16 lettere e cifre, con l'ultimo carattere di controllo corretto",
  "validation.companyNumber": "Inserisci una partita IVA valida: 11 cifre",
  "validation.minFilesCount": "Allega almeno {value} file",
  "validation.maxFilesCount": "Puoi allegare al massimo {value} file",
  "validation.fileSize": "Ogni file allegato può essere al massimo di {value} MB",
  "validation.fileType": "Puoi allegare solo file di tipo {value}",
  "validation.fallback": "Il valore non è corretto",
  // One attached file (attachments.ts): `{name}` is the file's name as shown.
  "validation.attachmentType": "Il file {name} non è di un tipo ammesso ({value})",
  "validation.attachmentEmpty": "Il file {name} è vuoto",
  "validation.attachmentTooLarge": "Il file {name} supera la dimensione massima di {value}",
  "validation.attachmentNotDeclared":
    "Il file {name} non è del tipo dichiarato dalla sua estensione ({value})",
  "validation.attachmentExpanded": "Il file {name} decompresso supera la dimensione massima di {value}",
} as const satisfies Record<string, string>;
