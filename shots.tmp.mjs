import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const ctx = await browser.newContext({ locale: "it-IT", viewport: { width: 375, height: 800 }, deviceScaleFactor: 1 });
const host = process.env.HOST_ ?? "comune-a.localhost"; const cookie = readFileSync("/tmp/cookie2","utf8").trim().split("=");
if (process.env.LOGGED) await ctx.addCookies([{ name: cookie[0], value: cookie.slice(1).join("="), domain: host, path: "/" }]);
const page = await ctx.newPage();
for (const [i, p] of process.argv.slice(2).entries()) {
  await page.goto(`http://${host}:3610${p}`); await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shot-${i}.png`, fullPage: process.env.FULL === "1" });
}
await browser.close();
