import type { validationIt } from "./texts.ts";

/** The validation rules' messages in English: every key of `validationIt`. */
export const validationEn: Record<keyof typeof validationIt, string> = {
  "validation.required": "Required field",
  "validation.email": "Enter a valid e-mail address, for example name@example.com",
  "validation.minLength": "Enter at least {value} characters",
  "validation.maxLength": "Enter at most {value} characters",
  "validation.password":
    "The password must have at least 8 characters, with at least one letter and one digit",
  "validation.strongPassword":
    "The password must have at least 8 characters, with an upper-case letter, a lower-case letter, a digit and a symbol among @$!%*?&",
  "validation.number": "Enter a number",
  "validation.integer": "Enter a whole number",
  "validation.maxNumber": "The number must be less than or equal to {value}",
  "validation.minNumber": "The number must be greater than or equal to {value}",
  "validation.pattern": "The value is not in the right format",
  "validation.fiscalCode":
    "Enter a valid tax code: 16 letters and digits, with a correct check character at the end",
  "validation.companyNumber": "Enter a valid VAT number: 11 digits",
  "validation.minFilesCount": "Minimum number of files: {value}",
  "validation.maxFilesCount": "Maximum number of files: {value}",
  "validation.fileSize": "Each attached file can be at most {value} MB",
  "validation.fileType": "You can only attach files of type {value}",
  "validation.fallback": "The value is not correct",
  "validation.attachmentType": "The file {name} is not of an allowed type ({value})",
  "validation.attachmentEmpty": "The file {name} is empty",
  "validation.attachmentTooLarge": "The file {name} is larger than the maximum size of {value}",
  "validation.attachmentNotDeclared": "The file {name} is not of the type its extension declares ({value})",
  "validation.attachmentExpanded":
    "The file {name}, uncompressed, is larger than the maximum size of {value}",
};
