import { formatDate } from "#shared/dates.ts";
import type { MailMessage } from "./appointment-types.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** `?portal=` must be an http(s) origin (plus optional path); anything else keeps links relative. */
export function getPortalBase(value: unknown): string {
  if (typeof value !== "string" || value === "") return "";
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href.replace(/\/+$/, "") : "";
  } catch {
    return "";
  }
}

export function renderMailboxPage(messages: MailMessage[], portalBase: string): string {
  const items = messages.map((message) => renderMessage(message, portalBase)).join("\n");
  const list = messages.length ? `<ol>\n${items}\n</ol>` : "<p>Nessun messaggio.</p>";
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Casella e-mail dimostrativa - Sandbox</title>
</head>
<body>
<main>
<h1>Casella e-mail dimostrativa</h1>
<p>Le e-mail inviate dal servizio appuntamenti dell'ambiente dimostrativo, dalla più recente (${messages.length}).</p>
${list}
</main>
</body>
</html>
`;
}

function renderMessage(message: MailMessage, portalBase: string): string {
  const headingId = `messaggio-${message.id}`;
  return `<li>
<article aria-labelledby="${headingId}">
<h2 id="${headingId}">${escapeHtml(message.subject)}</h2>
<dl>
<dt>Destinatario</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Comune</dt><dd>${escapeHtml(message.tenantId)}</dd>
<dt>Inviata</dt><dd><time datetime="${escapeHtml(message.sentAt)}">${formatDate(message.sentAt, "d MMMM yyyy, HH:mm", "it")}</time></dd>
</dl>
${renderBody(message, portalBase)}
</article>
</li>`;
}

function renderBody(message: MailMessage, portalBase: string): string {
  return message.body
    .split(/\n{2,}/)
    .map((paragraph) => {
      const lines = paragraph.split("\n").map((line) => {
        if (message.link && line === message.link) {
          const href = escapeHtml(portalBase + message.link);
          return `<a href="${href}">${href}</a>`;
        }
        return escapeHtml(line);
      });
      return `<p>${lines.join("<br>\n")}</p>`;
    })
    .join("\n");
}
