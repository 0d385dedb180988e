import { connect, type AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { expect, test } from "vitest";
import { closeGracefully, createHttpServer } from "./server.ts";

/** A keep-alive connection sending one request and collecting what comes back. */
function ask(port: number, path: string) {
  let received = "";
  const socket = connect(port, "127.0.0.1", () =>
    socket.write(`GET ${path} HTTP/1.1\r\nHost: comune-a.localhost\r\n\r\n`),
  );
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  return { received: () => received, closed };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

test("answers still under way when the shutdown begins close their connections, whichever finished before", async () => {
  // Three answers held until released, so they finish in an order chosen here (the middle one first).
  const release = new Map<string, () => void>();
  const app = express();
  app.get("/lento/:n", (req, res) => {
    release.set(req.params.n, () => res.type("text").send(`risposta ${req.params.n}`));
  });
  const server = createHttpServer(app, pino({ level: "silent" }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const [one, two, three] = ["1", "2", "3"].map((n) => ask(port, `/lento/${n}`));
  await until(() => release.size === 3);
  release.get("2")!();
  await until(() => two!.received().includes("risposta 2"));
  expect(two!.received()).toMatch(/connection: keep-alive/i);

  const closing = closeGracefully(server, 5000);
  release.get("1")!();
  release.get("3")!();
  await Promise.all([one!.closed, two!.closed, three!.closed, closing]);
  for (const [n, answer] of [
    ["1", one!],
    ["3", three!],
  ] as const) {
    expect(answer.received(), n).toContain(`risposta ${n}`);
    expect(answer.received(), n).toMatch(/connection: close/i);
  }
  expect(server.listening).toBe(false);
});
