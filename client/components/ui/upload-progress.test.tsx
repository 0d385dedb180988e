import { describe, expect, test } from "vitest";
import { attachedFiles } from "./upload-progress.tsx";

describe("attachedFiles (what the upload status counts)", () => {
  test("counts only the files actually chosen, not the text fields nor an empty file input", () => {
    const form = new FormData();
    form.set("_xsrf", "token");
    form.set("dettagli", "Lampione spento");
    form.append("allegati", new File([new Uint8Array(1500)], "foto.png", { type: "image/png" }));
    form.append("allegati", new File([], "", { type: "application/octet-stream" }));
    const files = attachedFiles(form);
    expect(files.map((f) => [f.name, f.size])).toEqual([["foto.png", 1500]]);
  });

  test("nothing is being sent when there is no submission", () => {
    expect(attachedFiles(undefined)).toEqual([]);
  });
});
