import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { flatChain } from "./flat-chain.ts";

function appWith(chain: express.RequestHandler) {
  const app = express();
  app.use(chain);
  app.use((_req, res) => void res.status(200).send(`after: ${String(res.locals.trail ?? "")}`));
  app.use(((error: Error, _req, res, _next) => {
    res.status(500).send(`error: ${error.message}; trail ${String(res.locals.trail ?? "")}`);
  }) as express.ErrorRequestHandler);
  return app;
}

const mark =
  (name: string): express.RequestHandler =>
  (_req, res, next) => {
    res.locals.trail = `${String(res.locals.trail ?? "")}${name}`;
    next();
  };

describe("flatChain", () => {
  it("runs every step in order, then goes on to what is mounted next", async () => {
    const reply = await request(appWith(flatChain([mark("a"), mark("b"), mark("c")]))).get("/");
    expect(reply.text).toBe("after: abc");
  });

  it("stops at a step that answers", async () => {
    const answer: express.RequestHandler = (_req, res) => void res.status(403).send("refused");
    const reply = await request(appWith(flatChain([mark("a"), answer, mark("never")]))).get("/");
    expect(reply.status).toBe(403);
    expect(reply.text).toBe("refused");
  });

  it("hands an error passed to next, a thrown one and a rejected promise to Express's error handler", async () => {
    const passed: express.RequestHandler = (_req, _res, next) => next(new Error("passed"));
    const thrown: express.RequestHandler = () => {
      throw new Error("thrown");
    };
    const rejected: express.RequestHandler = async () => {
      await Promise.resolve();
      throw new Error("rejected");
    };
    for (const [step, message] of [
      [passed, "passed"],
      [thrown, "thrown"],
      [rejected, "rejected"],
    ] as const) {
      const reply = await request(appWith(flatChain([mark("a"), step, mark("never")]))).get("/");
      expect(reply.status).toBe(500);
      expect(reply.text).toBe(`error: ${message}; trail a`);
    }
  });
});
