// The messaging service worker (issue #29), built on its own as a classic script (`vite.sw.config.ts`) and served
// from the site root with `Cache-Control: no-cache`; registered by push.client.ts at the fixed scope
// `/firebase-cloud-messaging-push-scope`. The municipality's public settings come in its URL's query.
//
// Background messages: the SDK shows a message carrying `notification` itself and opens its `fcmOptions.link` (same
// origin only) on click; a data-only message is shown here, and its click opens `data.link` on this origin.
import { initializeApp } from "firebase/app";
import { getMessaging, onBackgroundMessage } from "firebase/messaging/sw";

type NotificationClick = Event & {
  notification: { data?: { portalLink?: string }; close(): void };
  waitUntil(promise: Promise<unknown>): void;
};
type WorkerScope = {
  location: Location;
  registration: { showNotification(title: string, options: object): Promise<void> };
  clients: { openWindow(url: string): Promise<unknown> };
  addEventListener(type: "notificationclick", listener: (event: NotificationClick) => void): void;
};

const worker = self as unknown as WorkerScope;
const params = new URL(worker.location.href).searchParams;
const settings = {
  apiKey: params.get("apiKey") ?? "",
  appId: params.get("appId") ?? "",
  messagingSenderId: params.get("messagingSenderId") ?? "",
  projectId: params.get("projectId") ?? "",
};

function sameOriginLink(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, worker.location.origin);
    return url.origin === worker.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

if (Object.values(settings).every(Boolean)) {
  const messaging = getMessaging(initializeApp(settings));
  onBackgroundMessage(messaging, (payload) => {
    if (payload.notification) return;
    const data = payload.data ?? {};
    if (!data["title"]) return;
    void worker.registration.showNotification(data["title"], {
      body: data["body"] ?? "",
      data: { portalLink: sameOriginLink(data["link"]) },
    });
  });
}

worker.addEventListener("notificationclick", (event) => {
  const link = event.notification.data?.portalLink;
  if (!link) return;
  event.notification.close();
  event.waitUntil(worker.clients.openWindow(link));
});
