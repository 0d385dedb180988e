import { shownFileName } from "../file-name.ts";
import { zipSize } from "./zip-size.ts";
import type { Locale } from "../locale.ts";
import { formatAttachmentMessage } from "./messages.ts";

/**
 * Attachment checks shared by the assistance request, the ticket reply and the disruption report (and re-run by the
 * sandbox): the type is detected from the CONTENT (magic bytes), never trusted from the extension or the browser's
 * MIME type, and every file is at most `maxBytes`.
 */
export type AttachmentType = "pdf" | "png" | "jpeg" | "doc" | "xls" | "docx" | "xlsx";

export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A .docx or .xlsx (a zip) may expand to at most this many times the file limit, and never beyond 100 MB: a real
 * office document of 2 MB expands to a few times that; a zip bomb to gigabytes.
 */
export const MAX_EXPANSION_FACTOR = 20;
export const MAX_EXPANDED_BYTES = 100 * 1024 * 1024;

export const ALL_ATTACHMENT_TYPES: readonly AttachmentType[] = [
  "pdf",
  "png",
  "jpeg",
  "doc",
  "xls",
  "docx",
  "xlsx",
];

/** The extensions each type may carry (lower case, with the dot). */
export const ATTACHMENT_EXTENSIONS: Record<AttachmentType, readonly string[]> = {
  pdf: [".pdf"],
  png: [".png"],
  jpeg: [".jpg", ".jpeg"],
  doc: [".doc"],
  xls: [".xls"],
  docx: [".docx"],
  xlsx: [".xlsx"],
};

export const ATTACHMENT_MIME_TYPES: Record<AttachmentType, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The extensions of `types`, as a message lists them (".pdf .png"). */
function extensionList(types: readonly AttachmentType[]): string {
  return types.flatMap((t) => ATTACHMENT_EXTENSIONS[t]).join(" ");
}

/**
 * The `accept` attribute for a file input allowing `types`: their extensions and MIME types (a phone offers its
 * camera for an image type).
 */
export function acceptAttribute(types: readonly AttachmentType[]): string {
  return [
    ...types.flatMap((t) => ATTACHMENT_EXTENSIONS[t]),
    ...types.map((t) => ATTACHMENT_MIME_TYPES[t]),
  ].join(",");
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + prefix.length) return false;
  return prefix.every((b, i) => bytes[offset + i] === b);
}

function includesAscii(bytes: Uint8Array, text: string, limit = bytes.length): boolean {
  const needle = Array.from(text, (c) => c.charCodeAt(0));
  const end = Math.min(bytes.length, limit) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** Tells an OLE2 compound file's application from the stream names in its directory (UTF-16LE). */
function ole2Kind(bytes: Uint8Array): "doc" | "xls" | null {
  const utf16 = (s: string) => Array.from(s).flatMap((c) => [c.charCodeAt(0), 0]);
  const has = (s: string) => {
    const needle = utf16(s);
    outer: for (let i = 0; i <= bytes.length - needle.length; i++) {
      for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
      return true;
    }
    return false;
  };
  if (has("WordDocument")) return "doc";
  if (has("Workbook") || has("Book")) return "xls";
  return null;
}

/** The file's real type from its first bytes, or null when it is none of the accepted ones. */
export function detectFileType(bytes: Uint8Array): AttachmentType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, OLE2)) return ole2Kind(bytes);
  if (startsWith(bytes, ZIP) && includesAscii(bytes, "[Content_Types].xml")) {
    if (includesAscii(bytes, "word/")) return "docx";
    if (includesAscii(bytes, "xl/")) return "xlsx";
  }
  return null;
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot < 0 ? "" : filename.slice(dot).toLowerCase();
}

function formatSize(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

export type AttachmentCheck =
  { ok: true; type: AttachmentType; mimeType: string } | { ok: false; message: string };

/** What a form accepts in one file field: the types, and each file's size (2 MB unless said). */
export type AttachmentRules = { allowed?: readonly AttachmentType[]; maxBytes?: number };

/** Every type, 2 MB a file: the assistance request and a ticket's reply. */
export const ANY_ATTACHMENT: AttachmentRules = {};

type Refusal = { ok: false; message: string };

/** A refusal of the file shown as `name`, in `locale` (`value`: the types or the limit). */
function refusal(
  key: Parameters<typeof formatAttachmentMessage>[0],
  name: string,
  locale: Locale | undefined,
  value?: string,
): Refusal {
  return { ok: false, message: formatAttachmentMessage(key, { name, value }, locale) };
}

/** The checks of a file's name and size, the part of `checkAttachment` a browser can run before sending it. */
function checkNameAndSize(
  file: { name: string; size: number },
  options: AttachmentRules & { locale?: Locale },
): Refusal | { ok: true; declared: AttachmentType; name: string; extension: string; maxBytes: number } {
  const allowed = options.allowed ?? ALL_ATTACHMENT_TYPES;
  const maxBytes = options.maxBytes ?? ATTACHMENT_MAX_BYTES;
  const name = shownFileName(file.name);
  const refused = (key: Parameters<typeof refusal>[0], value?: string) =>
    refusal(key, name, options.locale, value);
  const extension = extensionOf(name);
  const declared = allowed.find((t) => ATTACHMENT_EXTENSIONS[t].includes(extension));
  if (!declared) return refused("attachmentType", extensionList(allowed));
  if (file.size === 0) return refused("attachmentEmpty");
  if (file.size > maxBytes) return refused("attachmentTooLarge", formatSize(maxBytes));
  return { ok: true, declared, name, extension, maxBytes };
}

/**
 * A file chosen in the browser, checked before it is sent (its type by its name, its size): the message the server's
 * `checkAttachment` would give, or null. The server still checks it, bytes included.
 */
export function checkChosenFile(
  file: { name: string; size: number },
  rules: AttachmentRules,
  locale?: Locale,
): string | null {
  const checked = checkNameAndSize(file, { ...rules, locale });
  return checked.ok ? null : checked.message;
}

/** Checks one file: allowed extension, size, and content matching the extension; messages in `locale`. */
export function checkAttachment(
  file: { filename: string; bytes: Uint8Array },
  options: AttachmentRules & { locale?: Locale } = {},
): AttachmentCheck {
  const named = checkNameAndSize({ name: file.filename, size: file.bytes.length }, options);
  if (!named.ok) return named;
  const { declared, name, extension, maxBytes } = named;
  const refused = (key: Parameters<typeof refusal>[0], value?: string) =>
    refusal(key, name, options.locale, value);
  const actual = detectFileType(file.bytes);
  const notDeclared = refused("attachmentNotDeclared", extension);
  if (actual !== declared) return notDeclared;
  if (actual === "docx" || actual === "xlsx") {
    // A zip whose central directory cannot be read is not an office document.
    const size = zipSize(file.bytes);
    if (!size) return notDeclared;
    const bound = Math.min(MAX_EXPANDED_BYTES, MAX_EXPANSION_FACTOR * maxBytes);
    if (size.uncompressedBytes > bound) return refused("attachmentExpanded", formatSize(bound));
  }
  return { ok: true, type: actual, mimeType: ATTACHMENT_MIME_TYPES[actual] };
}
