/** The municipality's public firebase web settings, as the root data carries them for the push opt-in. */
export type PushSettings = {
  apiKey: string;
  appId: string;
  messagingSenderId: string;
  projectId: string;
  vapidKey: string;
};

/** The messaging service worker's file (served from the site root, `no-cache`) and its fixed scope. */
export const PUSH_SW_PATH = "/firebase-messaging-sw.js";
export const PUSH_SW_SCOPE = "/firebase-cloud-messaging-push-scope";

/** The worker's address: the settings travel in its query, so one file serves every municipality. */
export function pushWorkerUrl(settings: PushSettings): string {
  const query = new URLSearchParams({
    apiKey: settings.apiKey,
    appId: settings.appId,
    messagingSenderId: settings.messagingSenderId,
    projectId: settings.projectId,
  });
  return `${PUSH_SW_PATH}?${query.toString()}`;
}

/** The session key that stops the opt-in modal from coming back in this browser session (spec §4). */
export function doNotAskKey(codiceEnte: string): string {
  return `CITFAC_${codiceEnte}_BANNER_FCM_DO_NOT_ASK`;
}

/** What the browser must offer for web push (spec §4: "the browser supports it"). */
export function browserSupportsPush(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "Notification" in window &&
    "PushManager" in window
  );
}
