/**
 * What a zip archive (a .docx or .xlsx) says it expands to, read from its central directory without inflating
 * anything: the End Of Central Directory record at the end of the file, then each central directory entry's
 * uncompressed size. Enough to refuse a zip bomb by its expanded size before anyone (the CRM operator's office suite,
 * an indexer) opens it. The sizes are the archive's own claims: an archive whose claims are missing, inconsistent or
 * beyond 4 GiB (ZIP64) is not a document the portal accepts.
 */
export type ZipSize = { entries: number; uncompressedBytes: number };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const CENTRAL_HEADER = 46;
const MAX_COMMENT = 0xffff;
/** ZIP64 markers: a 16- or 32-bit field at its maximum means "see the ZIP64 record". */
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

/** The archive's entries and their total uncompressed size, or null when its central directory cannot be read. */
export function zipSize(bytes: Uint8Array): ZipSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lowest = Math.max(0, bytes.length - EOCD_MIN - MAX_COMMENT);
  let eocd = -1;
  for (let at = bytes.length - EOCD_MIN; at >= lowest; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (entries === U16_MAX || directorySize === U32_MAX || directoryOffset === U32_MAX) return null;
  if (directoryOffset + directorySize > eocd) return null;
  let at = directoryOffset;
  let uncompressedBytes = 0;
  for (let i = 0; i < entries; i++) {
    if (at + CENTRAL_HEADER > directoryOffset + directorySize) return null;
    if (view.getUint32(at, true) !== CENTRAL_SIGNATURE) return null;
    const uncompressed = view.getUint32(at + 24, true);
    if (uncompressed === U32_MAX || view.getUint32(at + 20, true) === U32_MAX) return null;
    uncompressedBytes += uncompressed;
    at +=
      CENTRAL_HEADER +
      view.getUint16(at + 28, true) +
      view.getUint16(at + 30, true) +
      view.getUint16(at + 32, true);
  }
  return { entries, uncompressedBytes };
}
