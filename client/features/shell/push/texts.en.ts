import type { pushIt } from "./texts.ts";

/** English texts of the push opt-in (same keys as ./texts.ts). */
export const pushEn: Record<keyof typeof pushIt, string> = {
  "push.modal.title": "Push notifications",
  "push.modal.body":
    "Do you want a notification on this device when {comune} sends you a message in your personal area, for example a payment deadline, an appointment reminder or news about one of your applications?",
  "push.modal.settings": "You can change your mind at any time in the browser's settings.",
  "push.modal.decline": "No, thanks",
  "push.modal.accept": "OK",
  "push.toast.title": "New notification",
  "push.toast.open": "Go to the message",
};
