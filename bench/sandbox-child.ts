// The sandbox upstream in its own process for bench/run.ts and bench/replicas.ts: prints {"url": …} once listening,
// stops on SIGTERM. An optional first argument is the port (default: a free one), a second the portal origin its
// pagoPA checkout returns to (`{host}` = the municipality's portal host).
import { startSandbox } from "#sandbox/start.ts";

const sandbox = await startSandbox({
  port: Number(process.argv[2] ?? 0),
  host: "127.0.0.1",
  portalOrigin: process.argv[3],
});
process.stdout.write(`${JSON.stringify({ url: sandbox.url })}\n`);
const stop = () => void sandbox.close().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
