/**
 * A tiny PDF 1.4 writer for the sandbox's documents: one A4 page of Helvetica text lines. The cross-reference table
 * holds the real byte offset of every object, so any reader opens the file without repairing it.
 */

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

/** The bytes of a one-page PDF showing `title` (large) and then `lines`. */
export function writePdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    "BT",
    "/F1 18 Tf",
    "56 780 Td",
    `${pdfString(title)} Tj`,
    "/F1 11 Tf",
    "0 -32 Td",
    ...lines.flatMap((line, index) => [...(index > 0 ? ["0 -16 Td"] : []), `${pdfString(line)} Tj`]),
    "ET",
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
