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
  return { received: () => received, closed, send: (raw: string) => socket.write(raw) };
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

test("a request arriving on an idle keep-alive connection just after the shutdown began is answered, not reset", async () => {
  // A reverse proxy's pooled connection (nginx `keepalive`): idle when the shutdown begins, then used again at once.
  // Before, the server closed it at once and the request was lost (nginx answers 502 to a POST it cannot retry).
  const app = express();
  app.post("/modulo", (_req, res) => res.type("text").send("ricevuto"));
  app.get("/pagina", (_req, res) => res.type("text").send("pagina"));
  const server = createHttpServer(app, pino({ level: "silent" }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const pooled = ask(port, "/pagina");
  await until(() => pooled.received().includes("pagina"));
  expect(pooled.received()).toMatch(/connection: keep-alive/i);

  const closing = closeGracefully(server, 5000);
  await new Promise((resolve) => setTimeout(resolve, 20));
  pooled.send("POST /modulo HTTP/1.1\r\nHost: comune-a.localhost\r\nContent-Length: 0\r\n\r\n");
  await pooled.closed;
  const second = pooled.received().slice(pooled.received().indexOf("pagina"));
  expect(second).toMatch(/HTTP\/1\.1 200 OK/);
  expect(second).toContain("ricevuto");
  expect(second).toMatch(/connection: close/i);
  await closing;
  expect(server.listening).toBe(false);
});

test("idle keep-alive connections left unused are closed after the grace, well before the timeout", async () => {
  const app = express();
  app.get("/pagina", (_req, res) => res.type("text").send("pagina"));
  const server = createHttpServer(app, pino({ level: "silent" }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const idle = ask(port, "/pagina");
  await until(() => idle.received().includes("pagina"));

  const started = performance.now();
  await Promise.all([closeGracefully(server, 8000, 200), idle.closed]);
  const ms = performance.now() - started;
  expect(ms).toBeGreaterThanOrEqual(190);
  expect(ms).toBeLessThan(2000);
});

test("an answer already streaming when the shutdown began ends its connection as soon as it finishes", async () => {
  // Its headers said keep-alive: a proxy would pool the connection again. Before, the server closed it only at its
  // next sweep of idle connections, racing the proxy's next request on it.
  let finish: (() => void) | undefined;
  const app = express();
  app.get("/flusso", (_req, res) => {
    res.type("text").write("inizio ");
    finish = () => res.end("fine");
  });
  const server = createHttpServer(app, pino({ level: "silent" }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const streaming = ask(port, "/flusso");
  await until(() => streaming.received().includes("inizio"));
  expect(streaming.received()).toMatch(/connection: keep-alive/i);

  const closing = closeGracefully(server, 8000, 3000);
  finish!();
  const finishedAt = performance.now();
  await streaming.closed;
  expect(performance.now() - finishedAt).toBeLessThan(1000);
  expect(streaming.received()).toContain("fine");
  await closing;
});
