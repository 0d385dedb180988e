import { expect, test } from "vitest";
import { NoticeTextSchema } from "./notice-text.ts";

test("a notice is text or an HTML fragment", () => {
  for (const text of [
    "Informativa ai sensi dell'art. 13…",
    "<p>Il <b>Comune</b> tratta i dati…</p>",
    "",
    "  (1) Titolare",
  ])
    expect(NoticeTextSchema.safeParse(text).success, text).toBe(true);
});

test("an error page or JSON read as text is no notice", () => {
  for (const text of [
    "<!DOCTYPE html><html><body><h1>Welcome to nginx!</h1></body></html>",
    "\n<html><head><title>502 Bad Gateway</title></head></html>",
    '{"content": [1,2,',
    '{"unexpected":true,"content":"x"}',
    "[1,2]",
  ])
    expect(NoticeTextSchema.safeParse(text).success, text).toBe(false);
});
