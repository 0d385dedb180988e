import QRCode from "qrcode";
import { formatDate } from "#shared/dates.ts";

/**
 * A tiny PDF 1.4 writer for the sandbox's documents: one A4 page of Helvetica text lines, and optionally a QR code
 * drawn as filled squares (vector, no image) under them. The cross-reference table holds the real byte offset of
 * every object, so any reader opens the file without repairing it.
 */

/** A date of the upstream data as an Italian reader writes it: "26 novembre 2026" (a day) or "…, 18:52" (a time). */
export function pdfDate(value: string | null | undefined): string {
  if (!value) return "-";
  const withTime = /\d{2}:\d{2}/.test(value);
  return formatDate(value, withTime ? "d MMMM yyyy, HH:mm" : "d MMMM yyyy", "it");
}

/** Size of one QR module and of the quiet zone around the code, in points. */
const QR_MODULE = 3;
const QR_QUIET = 4;

/**
 * The content-stream operators drawing `content` as a QR code (error correction M) whose top left corner is at
 * (`left`, `top`): each run of dark modules in a row is one filled rectangle.
 */
export function qrOperators(content: string, left: number, top: number): string[] {
  const { modules } = QRCode.create(content, { errorCorrectionLevel: "M" });
  const rects: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      const x = left + (QR_QUIET + start) * QR_MODULE;
      const y = top - (QR_QUIET + row + 1) * QR_MODULE;
      rects.push(`${x} ${y} ${(col - start) * QR_MODULE} ${QR_MODULE} re`);
    }
  }
  return ["q", "0 g", ...rects, "f", "Q"];
}

/** Escapes a line for a PDF literal string; characters outside Latin-1 become "?" (WinAnsi covers Italian). */
function pdfString(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 63;
    if (char === "\\" || char === "(" || char === ")") out += `\\${char}`;
    else if (code < 32) out += " ";
    else if (code < 127) out += char;
    else if (code >= 160 && code <= 255) out += `\\${code.toString(8).padStart(3, "0")}`;
    else out += "?";
  }
  return `(${out})`;
}

/** The bytes of a one-page PDF showing `title` (large), then `lines`, then the QR code of `options.qr` if any. */
export function writePdf(title: string, lines: readonly string[], options: { qr?: string } = {}): Buffer {
  // The title's baseline is at 780, the first line's 32 below, each next line 16 below; the QR follows the last.
  const qrTop = 780 - 32 - 16 * Math.max(lines.length - 1, 0) - 12;
  const content = [
    "BT",
    "/F1 18 Tf",
    "56 780 Td",
    `${pdfString(title)} Tj`,
    "/F1 11 Tf",
    "0 -32 Td",
    ...lines.flatMap((line, index) => [...(index > 0 ? ["0 -16 Td"] : []), `${pdfString(line)} Tj`]),
    "ET",
    ...(options.qr ? qrOperators(options.qr, 56 - QR_QUIET * QR_MODULE, qrTop) : []),
  ].join("\n");
  const stream = Buffer.from(content, "latin1");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${stream.length} >>\nstream\n${content}\nendstream`,
  ];
  const chunks: Buffer[] = [];
  let length = 0;
  const push = (text: string) => {
    const chunk = Buffer.from(text, "latin1");
    chunks.push(chunk);
    length += chunk.length;
  };
  push("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    push(`${index + 1} 0 obj\n${body}\nendobj\n`);
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, "0")} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}
