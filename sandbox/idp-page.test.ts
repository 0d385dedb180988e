import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { bootstrapItaliaClasses } from "#tests/support/bootstrap-italia-classes.ts";
import { createTestSandbox, hosts } from "#tests/support/test-sandbox.ts";
import { IDP_PATH } from "./idp-page.ts";

const { http } = createTestSandbox();

async function idpPage() {
  const res = await http.get(`${IDP_PATH}?redirector=%2F`).set("X-Forwarded-Host", hosts.a);
  expect(res.status).toBe(200);
  return res;
}

test("the demo identity provider page is a bootstrap-italia page (C.SI.1.2)", async () => {
  const { text } = await idpPage();
  const used = new Set(
    [...text.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean)),
  );
  const known = bootstrapItaliaClasses();
  const ours = [...used].filter((name) => known.has(name));
  expect(used.size).toBeGreaterThan(10);
  expect(
    ours.length / used.size,
    `not bootstrap-italia: ${[...used].filter((n) => !known.has(n))}`,
  ).toBeGreaterThanOrEqual(0.3);
  // The version as the portal's pages expose it, the one installed.
  const { version } = (await import("bootstrap-italia/package.json", { with: { type: "json" } })).default as {
    version: string;
  };
  expect(text).toContain(`<script>window.BOOTSTRAP_ITALIA_VERSION="${version}";</script>`);
});

test("Italian heading, the test identities as cards of radio buttons, the GET form", async () => {
  const { text } = await idpPage();
  expect(text).toContain('<html lang="it">');
  expect(text).toMatch(/<h1[^>]*>Accesso con identità digitale<\/h1>/);
  expect(text).toMatch(/<form method="get" action="\/api-public\/sandbox-idp\/login"/);
  expect(text).toMatch(
    /<div class="card[^"]*"><div class="card-body[^"]*">\s*<div class="d-flex[^"]*">\s*<input type="radio"/,
  );
  expect(text).toContain("Giulia Bianchi");
  expect(text).toMatch(/<button type="submit" class="btn btn-primary[^"]*">Entra con SPID<\/button>/);
  expect(text).toMatch(/<meta name="description" content="[^"]+">/);
});

test("its policy allows its one script by hash, and the portal's stylesheet and fonts", async () => {
  const res = await idpPage();
  const policy = res.headers["content-security-policy"] as string;
  const script = /<script>([^<]*)<\/script>/.exec(res.text)![1]!;
  const hash = createHash("sha256").update(script).digest("base64");
  expect(policy).toContain(`script-src 'sha256-${hash}'`);
  expect(policy).toContain("style-src 'self' 'unsafe-inline'");
  expect(policy).toContain("font-src 'self'");
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("form-action 'self'");
});
