import { expect, test } from "vitest";
import { playsGaps } from "./gaps.ts";
import { startSandbox } from "./start.ts";

test("the sandbox listens on a random loopback port and closes cleanly", async () => {
  const sandbox = await startSandbox({ port: 0 });
  try {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${sandbox.url}/__sandbox/health`);
    expect(health.status).toBe(200);
    const config = await fetch(`${sandbox.url}/api-public/configComune/fromtenant`, {
      headers: { "X-Forwarded-Host": "servizi.comune.valverde.it" },
    });
    expect((await config.json()).nome).toBe("Comune di Valverde");
  } finally {
    await sandbox.close();
  }
  await expect(fetch(`${sandbox.url}/__sandbox/health`)).rejects.toThrow();
});

test("it hands back the state it serves and plays gaps mode when asked (tests read and change the upstream)", async () => {
  const sandbox = await startSandbox({ port: 0, gaps: true });
  try {
    expect(playsGaps(sandbox.store)).toBe(true);
    const fault = await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kb: "down" }),
    });
    expect(fault.status).toBe(200);
    expect(sandbox.store.state.faults).toEqual({ kb: "down" });
  } finally {
    await sandbox.close();
  }
});
