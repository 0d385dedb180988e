import { expect, test } from "vitest";
import { faqAnswerHref, faqCategoryHref, metaTitleSlug, metaTitleText, parseId } from "./faq-links.ts";

test("ids are positive integers written plainly", () => {
  expect(parseId("121")).toBe(121);
  for (const bad of ["", "0", "-1", "1e3", "12a", " 12", "1.5", "99999999999", null, undefined])
    expect(parseId(bad)).toBeNull();
});

test("answer links carry the title with dashes and the category", () => {
  expect(faqAnswerHref({ id: 121, title: "Come pagare la TARI?" }, 12)).toBe(
    "/faq/121/dettagli/Come-pagare-la-TARI?categoria=12",
  );
  expect(faqAnswerHref({ id: 111, title: "Come richiedere la carta d'identità elettronica?" })).toBe(
    `/faq/111/dettagli/${encodeURIComponent("Come-richiedere-la-carta-d'identità-elettronica")}`,
  );
  expect(faqAnswerHref({ id: 5 })).toBe("/faq/5/dettagli");
  expect(metaTitleSlug("  a/b #c  50%  ")).toBe("ab-c-50");
  expect(faqCategoryHref(12)).toBe("/faq?categoria=12");
});

test("the title parameter turns back into words, bounded in length", () => {
  expect(metaTitleText("Come-pagare-la-TARI")).toBe("Come pagare la TARI");
  expect(metaTitleText("--a---b--")).toBe("a b");
  expect(metaTitleText("")).toBeNull();
  expect(metaTitleText("---")).toBeNull();
  expect(metaTitleText(undefined)).toBeNull();
  const long = metaTitleText("x".repeat(400));
  expect(long).toHaveLength(150);
  expect(long?.endsWith("…")).toBe(true);
});
