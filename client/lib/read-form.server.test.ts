import { describe, expect, test } from "vitest";
import { RouterContextProvider } from "react-router";
import { servicesContext, type RequestServices } from "#client/context.ts";
import { readRouteError } from "#shared/route-error.ts";
import { readForm } from "./read-form.server.ts";

function contextWithLimits(fileLimit: number, maxFiles: number, totalLimit = 12 * 1024 * 1024) {
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    uploads: { fileLimit, maxFiles, totalLimit },
    locale: "it",
  } as unknown as RequestServices);
  return context;
}

function multipart(files: Array<{ name: string; size: number }>) {
  const form = new FormData();
  form.set("_xsrf", "token");
  form.set("dettagli", "Lampione spento");
  for (const file of files) form.append("allegati", new File([new Uint8Array(file.size)], file.name));
  return new Request("http://comune-a.localhost/nuova-richiesta", { method: "POST", body: form });
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(readRouteError(error)).not.toBeNull();
  return error as { data: { title: string }; init: { status: number } };
}

describe("readForm", () => {
  test("reads fields and files within the limits", async () => {
    const form = await readForm(multipart([{ name: "foto.jpg", size: 1000 }]), contextWithLimits(2048, 3));
    expect(form.get("dettagli")).toBe("Lampione spento");
    expect((form.get("allegati") as File).size).toBe(1000);
  });

  test("a file over the per-file limit keeps the form: the file arrives cut just past the limit, for the field's rule to refuse", async () => {
    const limit = 2 * 1024 * 1024;
    const form = await readForm(
      multipart([{ name: "foto.jpg", size: 3 * 1024 * 1024 }]),
      contextWithLimits(limit, 3),
    );
    expect(form.get("dettagli")).toBe("Lampione spento");
    const file = form.get("allegati") as File;
    expect(file.name).toBe("foto.jpg");
    expect(file.size).toBe(limit + 1);
  });

  test("a file beyond the whole upload's limit is refused with 413 and an Italian message", async () => {
    const error = await failure(
      readForm(
        multipart([{ name: "foto.jpg", size: 3 * 1024 * 1024 }]),
        contextWithLimits(1024 * 1024, 3, 2 * 1024 * 1024),
      ),
    );
    expect(error.init.status).toBe(413);
    expect(error.data.title).toBe("Ogni file allegato può essere al massimo di 1 MB.");
  });

  test("too many files are refused with 413", async () => {
    const files = Array.from({ length: 4 }, (_, i) => ({ name: `f${i}.pdf`, size: 10 }));
    const error = await failure(readForm(multipart(files), contextWithLimits(2048, 3)));
    expect(error.init.status).toBe(413);
    expect(error.data.title).toBe("Puoi allegare al massimo 3 file.");
  });

  test("a plain urlencoded form is read as before", async () => {
    const request = new Request("http://comune-a.localhost/valutazione", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "_xsrf=t&rating=5",
    });
    const form = await readForm(request, contextWithLimits(2048, 3));
    expect(form.get("rating")).toBe("5");
  });
});
