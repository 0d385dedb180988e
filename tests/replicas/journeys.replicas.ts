import { startReplicas, type Replicas } from "../../bench/replicas.ts";
import { expect, tenantUrl, test } from "../e2e/fixtures.ts";
import { fillRequest, FORM, PDF, readCode, sendButton, tick, unique } from "../e2e/assistance-support.ts";
import { expectServedByAll, logMark } from "./support.ts";

// The citizen's multi-step flows through nginx (plain round robin, no affinity) in front of two production portals
// sharing one redis (issue #26): every flow completes while its steps land on both replicas, which each portal's
// access log shows. The e2e helpers drive nginx (playwright.replicas.config.ts points them at it).

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

let cluster: Replicas;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startReplicas({
    replicas: 2,
    redis: true,
    nginxPort: port("E2E_PORTAL_PORT", 8491),
    sandboxPort: port("E2E_SANDBOX_PORT", 4371),
    portalPort: port("REPLICAS_PORTAL_PORT", 3291),
    redisPort: port("REPLICAS_REDIS_PORT", 6371),
    // Render every page (tests change upstream data between visits); no overload shedding on a busy machine.
    env: { PAGE_CACHE_TTL_S: "0", SHED_LAG_MS: "0", TENANT_CONFIG_TTL_S: "1" },
  });
});

/** A failed journey shows the replicas' error lines and nginx's (the access log alone says which, not why). */
test.afterEach(async ({}, info) => {
  if (info.status === info.expectedStatus) return;
  const errors = cluster.replicas.flatMap((replica) =>
    replica
      .logLines()
      .filter((line) => /"level":(40|50|60|"warn"|"error"|"fatal")|"statusCode":5/.test(line))
      .map((line) => `${replica.port} ${line}`),
  );
  await info.attach("replica errors", { body: [...errors, cluster.nginxErrors()].join("\n") });
});

test.afterAll(async () => {
  await cluster?.stop();
});

test("assistance: an anonymous request with an attachment, confirmed with the e-mail code", async ({
  page,
}) => {
  const mark = logMark(cluster.replicas);
  const email = unique("replicas-anonimo");
  await page.goto(tenantUrl("comune-a", FORM));
  await fillRequest(page, { anonymous: true, email });
  await page
    .getByLabel(/^Allegato/)
    .setInputFiles({ name: "avviso.pdf", mimeType: "application/pdf", buffer: PDF });
  await tick(page, "Ho letto e compreso l'informativa sulla privacy");
  await sendButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verifica email" })).toBeVisible();
  await page.getByRole("button", { name: "Invia il codice" }).click();
  await page.getByLabel(/^Codice di verifica/).fill(await readCode(email));
  await page.getByRole("button", { name: "Conferma e invia la richiesta" }).click();
  await expect(page).toHaveURL(tenantUrl("comune-a", "/feedback?feedbackType=ticketNoAuth"));
  await expect(page.getByRole("heading", { level: 1, name: "Richiesta inviata" })).toBeVisible();
  expectServedByAll(cluster.replicas, /^\/nuova-richiesta/, mark);
});
