import { useEffect } from "react";

/*
 * When the citizen last touched the page (issue #40): the push opt-in must never open over a click already on its
 * way. The shell watches pointer, touch, wheel and key presses (capture phase, passive) for a citizen who may be asked,
 * and marks when each page was shown; the opt-in asks only on a page the citizen has not touched since it was shown.
 * Times are the events' `timeStamp` (the page's clock, `performance.now()`).
 */

const ACTIVITY = ["pointerdown", "keydown", "touchstart", "wheel"] as const;

let lastActivity = Number.NEGATIVE_INFINITY;
let lastPointerDown = Number.NEGATIVE_INFINITY;
let pageShown = 0;

function record(event: Event) {
  lastActivity = Math.max(lastActivity, event.timeStamp);
  if (event.type === "pointerdown") lastPointerDown = Math.max(lastPointerDown, event.timeStamp);
}

/** The shell's watch (only while `enabled`): activity listeners, and the time each page (`pageKey`) was shown. */
export function useUserActivity(enabled: boolean, pageKey: string): void {
  useEffect(() => {
    if (!enabled) return;
    for (const type of ACTIVITY) window.addEventListener(type, record, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, record, { capture: true });
    };
  }, [enabled]);
  useEffect(() => {
    pageShown = performance.now();
  }, [pageKey]);
}

/** The citizen touched the page since it was shown. */
export function touchedSincePageShown(): boolean {
  return lastActivity >= pageShown;
}

/** The pointer went down before `time`: a click that ends now began before (e.g. before the dialog opened). */
export function pointerDownBefore(time: number): boolean {
  return lastPointerDown < time && lastPointerDown >= pageShown;
}
