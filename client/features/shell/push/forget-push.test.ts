import { expect, test } from "vitest";
import { dropPushSubscriptions } from "./forget-push.tsx";

/** A service worker registration whose push subscription records its unsubscription. */
function registration(subscribed: boolean) {
  const record = { unsubscribed: false };
  const subscription = {
    unsubscribe: async () => {
      record.unsubscribed = true;
      return true;
    },
  };
  return {
    record,
    registration: {
      pushManager: { getSubscription: async () => (subscribed ? subscription : null) },
    } as unknown as ServiceWorkerRegistration,
  };
}

test("every push subscription of the origin's service workers is dropped", async () => {
  const messaging = registration(true);
  const other = registration(false);
  const serviceWorker = { getRegistrations: async () => [messaging.registration, other.registration] };
  expect(await dropPushSubscriptions(serviceWorker)).toBe(1);
  expect(messaging.record.unsubscribed).toBe(true);
});

test("a browser without service workers (or without push) drops nothing and does not fail", async () => {
  expect(await dropPushSubscriptions(undefined)).toBe(0);
  const withoutPush = { getRegistrations: async () => [{} as ServiceWorkerRegistration] };
  expect(await dropPushSubscriptions(withoutPush)).toBe(0);
});
