import { useEffect } from "react";

/**
 * Drops this browser's push subscriptions (every service worker of the portal's origin): a previous citizen's token,
 * registered here and never taken out of their contacts (their session ended without "Esci"), stops working at the
 * messaging service, so their notifications no longer reach the citizen now using this browser; a later opt-in here
 * subscribes anew. Rendered when the root data says so (`user.forgetPush`); nothing without JavaScript or push.
 */
export function ForgetPush() {
  useEffect(() => {
    void dropPushSubscriptions(typeof navigator === "undefined" ? undefined : navigator.serviceWorker);
  }, []);
  return null;
}

/** Unsubscribes every push subscription of the origin's service workers; resolves to how many were dropped. */
export async function dropPushSubscriptions(
  serviceWorker: Pick<ServiceWorkerContainer, "getRegistrations"> | undefined,
): Promise<number> {
  if (!serviceWorker) return 0;
  const registrations = await serviceWorker.getRegistrations();
  const dropped = await Promise.all(
    registrations.map(async (registration) => {
      const subscription = await registration.pushManager?.getSubscription();
      return subscription ? subscription.unsubscribe() : false;
    }),
  );
  return dropped.filter(Boolean).length;
}
