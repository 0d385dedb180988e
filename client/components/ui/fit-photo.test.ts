import { describe, expect, test } from "vitest";
import { jpegName, mayFitPhoto } from "./fit-photo.ts";

const MB = 1024 * 1024;

describe("mayFitPhoto: which chosen files are redrawn smaller before the form holds them", () => {
  test("a PNG or JPEG photo over the field's limit, by its type or its name", () => {
    expect(mayFitPhoto({ name: "IMG_0001.JPG", size: 4 * MB, type: "image/jpeg" }, {})).toBe(true);
    expect(mayFitPhoto({ name: "schermata.png", size: 3 * MB, type: "image/png" }, {})).toBe(true);
    expect(mayFitPhoto({ name: "foto.jpeg", size: 3 * MB, type: "" }, {})).toBe(true);
  });

  test("never a file within the limit, another type, or a field that refuses JPEG", () => {
    expect(mayFitPhoto({ name: "foto.jpg", size: 2 * MB, type: "image/jpeg" }, {})).toBe(false);
    expect(mayFitPhoto({ name: "foto.jpg", size: 600_000, type: "image/jpeg" }, { maxBytes: MB / 2 })).toBe(
      true,
    );
    expect(mayFitPhoto({ name: "avviso.pdf", size: 3 * MB, type: "application/pdf" }, {})).toBe(false);
    expect(mayFitPhoto({ name: "foto.heic", size: 3 * MB, type: "image/heic" }, {})).toBe(false);
    expect(
      mayFitPhoto({ name: "foto.png", size: 3 * MB, type: "image/png" }, { allowed: ["png", "pdf"] }),
    ).toBe(false);
  });
});

test("jpegName: the same name as a JPEG", () => {
  expect(jpegName("lampione.png")).toBe("lampione.jpg");
  expect(jpegName("IMG_0001.JPEG")).toBe("IMG_0001.jpg");
  expect(jpegName("buca.strada.jpg")).toBe("buca.strada.jpg");
  expect(jpegName("senza-estensione")).toBe("senza-estensione.jpg");
  expect(jpegName(".png")).toBe(".png.jpg");
});
