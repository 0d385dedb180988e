import { z } from "zod";

/**
 * A notice the citizen reads and accepts (a privacy notice, terms of use), as the upstream sends it: plain text or an
 * HTML fragment, raw or as a JSON string (the published BFF labels raw text `application/json`). Never a whole HTML
 * document (a proxy's or server's error page answered with 200) nor JSON (an answer of another shape, or one cut
 * off): read as text they would be shown as the notice to accept; they are an upstream failure instead, and the page
 * says the notice could not be loaded.
 */
export const NoticeTextSchema = z.string().refine((text) => {
  const start = text.trimStart().slice(0, 9).toLowerCase();
  return !start.startsWith("<!doctype") && !start.startsWith("<html") && !/^[[{]/.test(start);
});
