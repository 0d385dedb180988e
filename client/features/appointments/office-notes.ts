/**
 * An office's notes often open with the very label the section showing them is titled with ("Cosa serve: documento
 * d'identità…" under "Cosa serve"): drop that label, so the page does not read "Cosa serve: Cosa serve:" (issue
 * #25). `labels`: the section title in the page's language and in Italian (the upstream writes Italian).
 */
export function withoutLeadingLabel(text: string, labels: string[]): string {
  const trimmed = text.trimStart();
  for (const label of labels) {
    const head = trimmed.slice(0, label.length);
    if (head.localeCompare(label, "it", { sensitivity: "base" }) !== 0) continue;
    const separator = /^\s*[:\-–—]\s*/.exec(trimmed.slice(label.length));
    if (!separator) continue;
    const rest = trimmed.slice(label.length + separator[0].length);
    if (rest) return rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  return text;
}
