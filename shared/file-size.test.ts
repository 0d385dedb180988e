import { expect, test } from "vitest";
import { fileSizeText, formatMegabytes } from "./file-size.ts";

test("a file's size in the page's language", () => {
  expect(fileSizeText(512, "it")).toBe("512 B");
  expect(fileSizeText(12 * 1024, "it")).toBe("12 KB");
  expect(fileSizeText(1.4 * 1024 * 1024, "it")).toBe("1,4 MB");
  expect(fileSizeText(1.4 * 1024 * 1024, "en")).toBe("1.4 MB");
  expect(fileSizeText(2 * 1024 * 1024, "en")).toBe("2 MB");
});

test("megabytes with one decimal at most", () => {
  expect(formatMegabytes(2 * 1024 * 1024, "it")).toBe("2");
  expect(formatMegabytes(12.25 * 1024 * 1024, "it")).toBe("12,3");
  expect(formatMegabytes(12.25 * 1024 * 1024, "en")).toBe("12.3");
});
