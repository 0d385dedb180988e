// The browser's half of the push opt-in (issue #29). Loaded with a dynamic `import()` only for a logged-in citizen
// whose municipality offers push and whose browser may ask (see push-guard.tsx): firebase is never part of a page's
// first download. A `.client` module: on the server its exports are undefined.
import { initializeApp, getApps } from "firebase/app";
import { getMessaging, getToken, isSupported, onMessage, type MessagePayload } from "firebase/messaging";
import { PUSH_SW_SCOPE, pushWorkerUrl, type PushSettings } from "./push-settings.ts";

export type ForegroundMessage = { title: string; body: string; link: string | null };

/** A message's portal link: `fcmOptions.link`, else `click_action`, else `data.link`; only on this origin. */
export function messageLink(payload: MessagePayload): string | null {
  const raw = payload.fcmOptions?.link ?? payload.data?.["click_action"] ?? payload.data?.["link"];
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * Registers the messaging service worker at its fixed scope, asks the messaging service for this browser's device
 * token (the SDK renews it after 7 days) and hands foreground messages to `onForeground`. Null when the browser turns
 * out not to support it; any other failure is thrown for the caller to log.
 */
export async function enablePush(
  settings: PushSettings,
  onForeground: (message: ForegroundMessage) => void,
): Promise<string | null> {
  if (!(await isSupported())) return null;
  const registration = await navigator.serviceWorker.register(pushWorkerUrl(settings), {
    scope: PUSH_SW_SCOPE,
  });
  const app =
    getApps()[0] ??
    initializeApp({
      apiKey: settings.apiKey,
      appId: settings.appId,
      messagingSenderId: settings.messagingSenderId,
      projectId: settings.projectId,
    });
  const messaging = getMessaging(app);
  onMessage(messaging, (payload) => {
    const title = payload.notification?.title ?? payload.data?.["title"] ?? "";
    const body = payload.notification?.body ?? payload.data?.["body"] ?? "";
    onForeground({ title, body, link: messageLink(payload) });
  });
  return await getToken(messaging, { vapidKey: settings.vapidKey, serviceWorkerRegistration: registration });
}
