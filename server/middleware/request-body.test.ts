import http from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { limitRequestBody } from "./request-body.ts";

/** The limit, then a handler that reports what the peek saw and whether the body is complete. */
function app() {
  const server = express();
  server.use(limitRequestBody({ limit: 64, uploadLimit: 1024 }));
  server.use(async (_req, res) => {
    const peek = await res.locals.bodyPeek.until(() => false, 32);
    const complete = await res.locals.bodyPeek.complete();
    res.json({ ...peek, complete });
  });
  return server;
}

describe("the body limit", () => {
  it("gives a request without a body an empty, ended, complete peek at once", async () => {
    const reply = await request(app()).get("/servizi");
    expect(reply.body).toEqual({ text: "", ended: true, complete: true });
  });

  it("still peeks at a body within the limit and waits for it to be complete", async () => {
    const reply = await request(app()).post("/servizi").type("form").send("_xsrf=abc&nome=Mario");
    expect(reply.body).toEqual({ text: "_xsrf=abc&nome=Mario", ended: true, complete: true });
  });

  it("refuses a chunked body past the limit with 413, although it announced no length", async () => {
    const server = app().listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const post = http.request({ port, host: "127.0.0.1", method: "POST", path: "/servizi" }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      post.on("error", reject);
      post.setHeader("content-type", "application/x-www-form-urlencoded");
      post.write("x=" + "a".repeat(40));
      post.write("a".repeat(40));
      post.end();
    });
    server.close();
    expect(status).toBe(413);
  });
});
