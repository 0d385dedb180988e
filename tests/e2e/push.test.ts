// The push opt-in (issue #29), driven through the real firebase SDK and the real service worker in Chromium.
//
// What is stubbed, and why: the tests cannot reach Google's cloud messaging service, so
// - the installations and registrations calls the SDK makes (firebaseinstallations / fcmregistrations
//   .googleapis.com) are answered at the browser's network layer (`context.route`) with the documented shapes;
// - `PushManager.subscribe` is answered in the page with a subscription-shaped object (endpoint and keys): Chromium
//   subscribes through its push service (FCM itself), unreachable here;
// - push messages are delivered to the real service worker through the DevTools protocol
//   (`ServiceWorker.deliverPushMessage`), as the push service would.
import { request } from "node:http";
import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { PORTAL_PORT } from "../../playwright.config.ts";
import {
  CITIZENS,
  SANDBOX_URL,
  expect,
  expectAccessible,
  logIn,
  resetCitizen,
  settled,
  tenantUrl,
  test,
  TENANTS,
  type TenantId,
  waitForHydration,
} from "./fixtures.ts";

// The opt-in itself is what this file tests (the other journeys run with it answered). A fresh context per test: the
// notification permission granted here would outlive the reset of a reused one (playwright.config.ts).
test.use({ pushPrompt: true, reuseContext: false });

const CODICE_ENTE: Record<TenantId, string> = { "comune-a": "c_v001", "comune-b": "c_m002", "comune-c": "" };
const SW_SCOPE = "/firebase-cloud-messaging-push-scope";

/** What the tests use of the worker's global scope (the DOM types in use here do not describe a worker). */
type WorkerScope = EventTarget & {
  registration: ServiceWorkerRegistration;
  clients: { matchAll(options: object): Promise<{ url: string; visibilityState: string }[]> };
  location: Location;
  /** The notifications the worker asked the browser to show, recorded by the background journey. */
  shown: { title: string; options: NotificationOptions }[];
};
type WorkerGlobals = { Clients: { prototype: { openWindow: (url: string) => Promise<null> } } };

/** Answers the SDK's installation and registration calls; returns the device token it will get. */
async function answerMessagingService(context: BrowserContext, token: string) {
  const calls: string[] = [];
  await context.route("https://firebaseinstallations.googleapis.com/**", async (route) => {
    const url = route.request().url();
    calls.push(`installations ${route.request().method()} ${new URL(url).pathname}`);
    const authToken = { token: "sandbox-installation-auth-token", expiresIn: "604800s" };
    if (url.endsWith("/authTokens:generate")) return route.fulfill({ json: authToken });
    const { fid } = route.request().postDataJSON() as { fid: string };
    return route.fulfill({
      json: {
        name: `projects/sandbox/installations/${fid}`,
        fid,
        refreshToken: "sandbox-refresh",
        authToken,
      },
    });
  });
  await context.route("https://fcmregistrations.googleapis.com/**", async (route) => {
    const request = route.request();
    calls.push(`registrations ${request.method()}`);
    const body = request.postDataJSON() as { web?: { endpoint?: string; applicationPubKey?: string } } | null;
    expect(body?.web?.endpoint).toContain("https://push.example.invalid/");
    return route.fulfill({ json: { token } });
  });
  // Chromium's push service is FCM itself: a subscription-shaped answer in place of the real subscribe.
  await context.addInitScript(() => {
    const key = (length: number) => new Uint8Array(length).fill(7).buffer;
    const subscription = {
      endpoint: "https://push.example.invalid/sandbox-subscription",
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: (name: string) => (name === "p256dh" ? key(65) : key(16)),
      toJSON: () => ({ endpoint: "https://push.example.invalid/sandbox-subscription" }),
      unsubscribe: async () => true,
    };
    let subscribed = false;
    PushManager.prototype.subscribe = async function () {
      subscribed = true;
      return subscription as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (subscribed ? subscription : null) as unknown as PushSubscription | null;
    };
  });
  return calls;
}

/** The citizen's push contacts as the sandbox's Notify holds them (asked with the browser's sandbox session). */
async function pushContacts(context: BrowserContext, tenant: TenantId, codFisc: string) {
  const cookies = await context.cookies(tenantUrl(tenant));
  const res = await fetch(`${SANDBOX_URL}/api/notificatore/preferenze/users/${codFisc}/contacts`, {
    headers: {
      "X-Forwarded-Host": TENANTS[tenant].upstreamHost,
      Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "),
    },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { push: Record<string, string[]> | null }).push ?? {};
}

/** `POST /notifiche-push/token` on comune-a with the browser's cookies but no XSRF header: the status. */
function postToken(cookie: string): Promise<number> {
  const body = "token=forged-token";
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: PORTAL_PORT,
        method: "POST",
        path: "/notifiche-push/token",
        headers: {
          Host: new URL(tenantUrl("comune-a")).host,
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The messaging worker's registration id, for `ServiceWorker.deliverPushMessage`. */
async function workerRegistration(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const match = registrations.find((r) => r.scopeURL === `${origin}${SW_SCOPE}` && !r.isDeleted);
      if (match) resolve(match.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return found;
}

async function openModal(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Notifiche Push" });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const tenant of ["comune-a", "comune-b"] as const) {
  test(`${tenant}: accepted opt-in saves the token in every notification service, then a foreground and a background message`, async ({
    page,
    context,
  }) => {
    const codFisc = CITIZENS["Giulia Bianchi"];
    await resetCitizen(codFisc);
    const token = `sandbox-device-token-${tenant}`;
    const calls = await answerMessagingService(context, token);
    const origin = new URL(tenantUrl(tenant)).origin;

    await logIn(page, tenant, "Giulia Bianchi");
    const dialog = await openModal(page);
    // What it will notify (issue #40): the municipality's messages in the personal area.
    await expect(dialog).toContainText(
      `quando il ${TENANTS[tenant].name} ti invia un messaggio nell'area personale`,
    );
    await expect(dialog.getByRole("button", { name: "OK" })).toBeFocused();
    await expectAccessible(page);
    expect(await pushContacts(context, tenant, codFisc)).toEqual({});

    await context.grantPermissions(["notifications"], { origin });
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => Object.values(await pushContacts(context, tenant, codFisc)))
      .not.toEqual([]);
    const push = await pushContacts(context, tenant, codFisc);
    for (const tokens of Object.values(push)) expect(tokens).toEqual([token]);
    expect(calls).toContain("registrations POST");
    expect(
      await page.evaluate(
        (key) => sessionStorage.getItem(key),
        `CITFAC_${CODICE_ENTE[tenant]}_BANNER_FCM_DO_NOT_ASK`,
      ),
    ).toBe("true");

    // Permission granted and the token held: another page asks nothing.
    await page.goto(tenantUrl(tenant, "/area-personale"));
    await settled(page);
    await expect(page.locator("html")).toHaveAttribute("data-push", "on");
    await expect(page.getByRole("dialog", { name: "Notifiche Push" })).toHaveCount(0);

    // Foreground: the worker hands the message to the open page, which shows the push toast.
    const cdp = await context.newCDPSession(page);
    const registrationId = await workerRegistration(cdp, origin);
    const messagePath = `/area-personale/messaggi/bncgli-${tenant === "comune-a" ? "a" : "b"}-01`;
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId,
      data: JSON.stringify({
        notification: { title: "Nuovo avviso", body: "La tua pratica è stata aggiornata." },
        fcmOptions: { link: messagePath },
        from: "100000000001",
        fcmMessageId: "m-foreground",
      }),
    });
    const toast = page.getByRole("status").filter({ hasText: "Nuovo avviso" });
    await expect(toast).toContainText("La tua pratica è stata aggiornata.");
    await expect(toast.getByRole("link", { name: "Vai al messaggio" })).toHaveAttribute("href", messagePath);
    await expectAccessible(page);
    // It stays until the citizen closes it (nothing hides by itself before it is read, WCAG 2.2.1).
    await toast.getByRole("button", { name: "Chiudi notifica" }).click();
    await expect(toast).toHaveCount(0);

    // Background: no window of the portal open, the worker shows a system notification.
    const worker = context.serviceWorkers().find((w) => w.url().includes("/firebase-messaging-sw.js"));
    expect(worker, "messaging service worker").toBeDefined();
    await page.goto("about:blank");
    // The SDK hands a message to any visible window it lists, and shows a notification only when none is; on its
    // click it focuses any window it lists on the portal's host, visible or not, and opens one only when none is. On a
    // busy machine the page just sent to about:blank stays listed for a moment (hidden: the notification was shown,
    // then the click focused that window instead of opening one, and the test waited for an opening to its timeout).
    await expect
      .poll(() =>
        worker!.evaluate(async () => {
          const scope = self as unknown as WorkerScope;
          const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
          return windows
            .filter((client) => new URL(client.url, scope.location.href).host === scope.location.host)
            .map((client) => `${client.url} (${client.visibilityState})`);
        }),
      )
      .toEqual([]);
    // What the worker shows is read where it asks the browser to show it: headless Chromium's list of shown
    // notifications (`registration.getNotifications`) sometimes leaves out one that was shown (3 of 8 runs here, with
    // `showNotification` resolved), so the call is recorded, then passed on to the browser unchanged.
    await worker!.evaluate(() => {
      const scope = self as unknown as WorkerScope;
      const show = scope.registration.showNotification.bind(scope.registration);
      scope.shown = [];
      scope.registration.showNotification = (title, options) => {
        scope.shown.push({ title, options: options ?? {} });
        return show(title, options);
      };
    });
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId,
      data: JSON.stringify({
        notification: { title: "Avviso in background", body: "Apri il messaggio." },
        fcmOptions: { link: messagePath },
        from: "100000000001",
        fcmMessageId: "m-background",
      }),
    });
    await expect
      .poll(() =>
        worker!.evaluate(() =>
          (self as unknown as WorkerScope).shown.map(({ title, options }) => `${title}: ${options.body}`),
        ),
      )
      .toEqual(["Avviso in background: Apri il messaggio."]);
    // Its click: the SDK's own notificationclick handler picks the portal address and opens a window on it.
    // Chromium lets a worker open a window only from a trusted click, which headless Chromium cannot produce
    // (no notification is ever on screen): the click on the notification shown is dispatched in the worker,
    // `clients.openWindow` records the address the handler chose, and the test opens it as the browser would.
    const openedLink = await worker!.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const asked = new Promise<string>((resolve) => {
        (globalThis as unknown as WorkerGlobals).Clients.prototype.openWindow = async (url: string) => {
          resolve(String(url));
          return null;
        };
      });
      const { title, options } = scope.shown[0]!;
      const notification = { ...options, title, close: () => undefined };
      const click = new Event("notificationclick") as Event & Record<string, unknown>;
      Object.assign(click, { notification, action: "", waitUntil: () => undefined });
      scope.dispatchEvent(click);
      return asked;
    });
    expect(openedLink).toBe(messagePath);
    await page.goto(new URL(openedLink, origin).href);
    const title = tenant === "comune-a" ? "Carta d'identità elettronica pronta" : "Scadenza IMU";
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expectAccessible(page);
    await expect(page).toHaveURL(`${origin}${messagePath}`);
  });
}

test("comune-a: the modal asks once per browser session: not again in another tab after 'No, grazie'; a new session is asked, Esc answers too", async ({
  browser,
}) => {
  const codFisc = CITIZENS["Giulia Bianchi"];
  await resetCitizen(codFisc);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    // The portal is told as the modal opens (issue #40): every tab of the session knows.
    const told = page.waitForResponse((r) => r.url().endsWith("/notifiche-push/chiesto"));
    await logIn(page, "comune-a", "Giulia Bianchi");
    const dialog = await openModal(page);
    expect((await told).status()).toBe(204);
    await dialog.getByRole("button", { name: "No, grazie" }).click();
    await expect(dialog).toBeHidden();
    await page.goto(tenantUrl("comune-a", "/area-personale"));
    await settled(page);
    await expect(page.getByRole("dialog", { name: "Notifiche Push" })).toHaveCount(0);
    expect(await pushContacts(context, "comune-a", codFisc)).toEqual({});

    // Another tab of the same browser session (its own sessionStorage): not asked again.
    const tab = await context.newPage();
    await tab.goto(tenantUrl("comune-a", "/area-personale/messaggi"));
    await settled(tab);
    await expect(tab.getByRole("dialog", { name: "Notifiche Push" })).toHaveCount(0);
    await expect(tab.locator("html")).not.toHaveAttribute("data-push-prompt", /./);
  } finally {
    await context.close();
  }
  // A new browser session: asked again; Escape answers it too.
  const session = await browser.newContext();
  const next = await session.newPage();
  try {
    await logIn(next, "comune-a", "Giulia Bianchi");
    const again = await openModal(next);
    await next.keyboard.press("Escape");
    await expect(again).toBeHidden();
    await next.reload();
    await settled(next);
    await expect(next.getByRole("dialog", { name: "Notifiche Push" })).toHaveCount(0);
  } finally {
    await session.close();
  }
});

for (const tenant of ["comune-a", "comune-b"] as const) {
  test(`${tenant}: the modal never opens over a click in flight: a page the citizen is using is left alone, the next one asks`, async ({
    page,
    context,
  }) => {
    await resetCitizen(CITIZENS["Giulia Bianchi"]);
    // The opt-in's code is held back until the citizen's pointer is down on the user menu: a click on its way, the
    // moment the issue saw the modal catch (it opened 2–4 s after the page, over the menu or a step's button).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/assets\/push-guard-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await logIn(page, tenant, "Giulia Bianchi");
    // The page laid out and its shell listening before the press is placed: measured any earlier, the menu's box can
    // be the unstyled page's (once in CI: y = 1437 in a 720 px viewport, so the press landed outside the page).
    await waitForHydration(page);
    const menu = page.locator("header details.it-user-wrapper");
    const box = (await menu.locator("> summary").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    // The opt-in has loaded and decided: not on this page, which the citizen is using.
    await expect(page.locator("html")).toHaveAttribute("data-push-prompt", "deferred");
    await page.mouse.up();
    // The click landed where it was meant: the user menu is open, no modal in front of it.
    await expect(menu).toHaveAttribute("open", "");
    await expect(page.getByRole("dialog", { name: "Notifiche Push" })).toHaveCount(0);
    // The next page, untouched once shown: asked there, with what it will notify.
    await menu.getByRole("link", { name: /^Area personale/ }).click();
    const dialog = await openModal(page);
    await expect(page.locator("html")).toHaveAttribute("data-push-prompt", "shown");
    await expect(dialog).toContainText(`quando il ${TENANTS[tenant].name} ti invia un messaggio`);
    await expect(dialog.getByRole("button", { name: "OK" })).toBeFocused();
    await dialog.getByRole("button", { name: "No, grazie" }).click();
    await expect(dialog).toBeHidden();
  });
}

test("no modal and no firebase without contacts, or for a municipality without firebase settings", async ({
  page,
}) => {
  const firebaseRequests: string[] = [];
  page.on("request", (request) => {
    if (/push\.client|firebase-messaging-sw/.test(request.url())) firebaseRequests.push(request.url());
  });
  await resetCitizen(CITIZENS["Luca Verdi"]);
  await logIn(page, "comune-a", "Luca Verdi");
  await settled(page);
  await expect(page.getByRole("dialog", { name: "Notifiche Push" })).toHaveCount(0);
  // The token's action takes no post without the XSRF token.
  const cookies = await page.context().cookies(tenantUrl("comune-a"));
  expect(await postToken(cookies.map((c) => `${c.name}=${c.value}`).join("; "))).toBe(403);
  // The worker's file: from the site root, revalidated on every registration.
  const worker = await fetch(`http://127.0.0.1:${PORTAL_PORT}/firebase-messaging-sw.js`);
  expect(worker.status).toBe(200);
  expect(worker.headers.get("cache-control")).toBe("no-cache");
  expect(worker.headers.get("content-type")).toMatch(/javascript/);

  await page.goto(tenantUrl("comune-c"));
  await settled(page);
  await expect(page.getByRole("dialog", { name: "Notifiche Push" })).toHaveCount(0);
  expect(firebaseRequests).toEqual([]);
});
