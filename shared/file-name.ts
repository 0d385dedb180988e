/**
 * Bidirectional-text controls (embeddings, overrides, isolates, the direction marks): in a file name they can show
 * "fattura‮fdp.exe" as "fatturaexe.pdf". They are removed from every file name the portal shows or names a download
 * with, wherever the name came from (the citizen's upload, the upstream).
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A file name as the portal shows it: without bidirectional-text controls. */
export function shownFileName(name: string): string {
  return name.replace(BIDI_CONTROLS, "");
}
