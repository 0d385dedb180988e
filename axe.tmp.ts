import { chromium } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
for (const path of ["/", "/faq", "/servizi"]) {
  await page.goto("http://comune-a.localhost:3000" + path);
  await page.waitForLoadState("load");
  for (const variant of ["all", "no-contrast", "only-contrast", "all"]) {
    const t = Date.now();
    const opts: any = { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] };
    if (variant === "no-contrast") opts.rules = { "color-contrast": { enabled: false } };
    if (variant === "only-contrast") opts.runOnly = { type: "rule", values: ["color-contrast"] };
    const r = await new AxeBuilder({ page }).setLegacyMode().options(opts).analyze();
    console.log(path, variant, Date.now() - t, "ms", r.violations.length);
  }
  const t2 = Date.now(); await page.screenshot({ fullPage: true }); console.log("screenshot", Date.now() - t2);
}
await browser.close();
