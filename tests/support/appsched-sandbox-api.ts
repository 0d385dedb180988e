import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AppschedApi } from "#shared/api/appsched.ts";
import { createAppschedApi } from "#server/upstream/appsched.ts";
import { withRouteFailures } from "#server/upstream/failures.ts";
import { createAppschedTestApp } from "./appsched-test-app.ts";

/**
 * The sandbox's appointments service on a random port, on the real clock, and the portal's own appsched client bound
 * to it (comune-a, anonymous), its failures turned into route errors as the request services do: for route tests
 * that run a loader or action against an upstream that answers for real. `store` shows what the upstream holds (the
 * appointments booked); `close()` in `afterAll`.
 */
export async function startAppschedSandbox(): Promise<{
  publicApi: AppschedApi;
  store: ReturnType<typeof createAppschedTestApp>["store"];
  close(): Promise<void>;
}> {
  const sandbox = createAppschedTestApp(new Date());
  const server: Server = sandbox.app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const ctx = {
    baseUrl: `http://127.0.0.1:${port}`,
    forwardedHost: "servizi.comune.valverde.it",
    identityHeaders: {},
    timeoutMs: 5000,
  };
  return {
    publicApi: withRouteFailures(createAppschedApi(ctx, "api-public")),
    store: sandbox.store,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
