import QRCode from "qrcode";

/**
 * Test helpers reading the sandbox's PDFs back (`writePdf`'s output as latin1 text): the text lines shown and the QR
 * code drawn as filled rectangles, so tests check what a reader sees rather than the bytes.
 */

/** The text of every `(…) Tj` in the content stream, unescaped (octal Latin-1 codes, `\(`, `\)`, `\\`). */
export function pdfTextLines(pdf: string): string[] {
  return [...pdf.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) =>
    match[1]!.replace(/\\([0-7]{3}|.)/g, (_, escaped: string) =>
      escaped.length === 3 ? String.fromCharCode(parseInt(escaped, 8)) : escaped,
    ),
  );
}

/** The QR code drawn in the PDF as a grid of dark (true) modules, read from its `x y w h re` runs; null if none. */
export function pdfQrMatrix(pdf: string): boolean[][] | null {
  const block = /\nq\n0 g\n([\s\S]*?)\nf\nQ/.exec(pdf)?.[1];
  if (!block) return null;
  const rects = [...block.matchAll(/^(\S+) (\S+) (\S+) (\S+) re$/gm)].map((m) => m.slice(1, 5).map(Number));
  const unit = Math.min(...rects.map(([, , , h]) => h!));
  const left = Math.min(...rects.map(([x]) => x!));
  const top = Math.max(...rects.map(([, y, , h]) => y! + h!));
  const size = Math.round((top - Math.min(...rects.map(([, y]) => y!))) / unit);
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [x, y, w, h] of rects) {
    const row = Math.round((top - y! - h!) / unit);
    const col = Math.round((x! - left) / unit);
    for (let c = 0; c < Math.round(w! / unit); c++) grid[row]![col + c] = true;
  }
  return grid;
}

/** The module grid of `content`'s QR code (error correction M), for comparison with `pdfQrMatrix`. */
export function qrMatrix(content: string): boolean[][] {
  const { modules } = QRCode.create(content, { errorCorrectionLevel: "M" });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))),
  );
}
