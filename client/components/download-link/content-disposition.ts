/**
 * The file name a `Content-Disposition` header gives (RFC 6266): the UTF-8 `filename*=` when there is one, else the
 * quoted or bare `filename=`; null when it names none. What `attachmentDisposition` (download.server.ts) writes, read
 * back in the browser.
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2];
  return name || null;
}
