import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { useFetchers, useLocation, useNavigation } from "react-router";
import { Modal } from "#client/components/ui/modal.tsx";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { pushIt } from "./texts.ts";
import { useToasts } from "../toasts.tsx";
import { href } from "#client/lib/links.ts";
import { XSRF_HEADER } from "#shared/xsrf.ts";
import { browserSupportsPush, doNotAskKey, type PushSettings } from "./push-settings.ts";
import { pointerDownBefore, touchedSincePageShown } from "./user-activity.ts";
import type { ForegroundMessage } from "./push.client.ts";

export type PushGuardProps = {
  codiceEnte: string;
  /** The municipality's name, for what the opt-in says it will notify. */
  comune: string;
  /** Shown already in this browser session, in any tab (the portal's session cookie): not asked again. */
  asked: boolean;
  settings: PushSettings;
  /** The device tokens the citizen's push contacts already hold. */
  tokens: string[];
  /** Whether this browser's own registration is known to the portal (the token it gave is removed at logout). */
  registered: boolean;
  xsrfToken: string;
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** A message arriving while the page is open: the push toast (title, text, and a link to the message if any). */
function usePushToast() {
  const t = useT(pushIt);
  const { push } = useToasts();
  return useCallback(
    ({ title, body, link }: ForegroundMessage) => {
      const text = `<p>${escapeHtml(body)}</p>`;
      const anchor = link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(t("push.toast.open"))}</a></p>`
        : "";
      push({ kind: "success", variant: "push", title: title || t("push.toast.title"), html: text + anchor });
    },
    [push, t],
  );
}

/**
 * Gets this browser's push token (loading firebase only now) and gives a new one to the portal, which adds it to the
 * citizen's contacts. Spec §4: a failure is only logged.
 */
async function registerDevice(options: {
  settings: PushSettings;
  tokens: string[];
  registered: boolean;
  xsrfToken: string;
  showMessage: (message: ForegroundMessage) => void;
}) {
  try {
    const { enablePush } = await import("./push.client.ts");
    const token = await enablePush(options.settings, options.showMessage);
    // Foreground messages are now heard (as `data-hydrated` says React is there; the tests wait for it).
    if (token) document.documentElement.dataset["push"] = "on";
    // Known to the contacts AND to the portal as this browser's: nothing to do. A token the contacts hold that the
    // portal does not know as this browser's is given again, so that the logout can take it out (issue #36).
    if (!token || (options.tokens.includes(token) && options.registered)) return;
    const body = new FormData();
    body.set("token", token);
    const res = await fetch(href("/notifiche-push/token"), {
      method: "POST",
      headers: { [XSRF_HEADER]: options.xsrfToken, Accept: "application/json" },
      body,
      credentials: "same-origin",
    });
    if (!res.ok) console.warn("push token not saved", res.status);
  } catch (error) {
    console.warn("push opt-in failed", error);
  }
}

/** Runs `callback` when the browser is idle (or soon, where it cannot say); returns the cancel. */
function whenIdle(callback: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 200);
  return () => clearTimeout(id);
}

/** Where the opt-in stands, on `<html data-push-prompt>` (as `data-hydrated` says React is there; tests read it). */
function markPrompt(state: "waiting" | "deferred" | "shown") {
  document.documentElement.dataset["pushPrompt"] = state;
}

/**
 * Whether now is a moment to ask (issue #40: never over a click in flight): the page is shown, no navigation, form
 * post or fetcher is on its way, the browser is idle, and the citizen has not touched this page since it was shown (a
 * pointer, a key, a touch, the wheel). A page the citizen is using is left alone; the next one may ask. Once the
 * moment has come it holds until the question is answered, whatever `enabled` says afterwards: opening the question
 * is what marks it asked (this tab's key, the session cookie the root data then reads), and that must not close it.
 */
function useQuietMoment(enabled: boolean): boolean {
  const { key } = useLocation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const [quiet, setQuiet] = useState(false);
  useEffect(() => {
    if (!enabled || quiet) return;
    markPrompt("waiting");
    if (busy) return;
    return whenIdle(() => {
      if (touchedSincePageShown()) markPrompt("deferred");
      else setQuiet(true);
    });
  }, [enabled, quiet, busy, key]);
  return quiet;
}

/**
 * This browser's registration, once: `enable` gets the token and gives it to the portal; with the permission already
 * granted it runs by itself, quietly (an external system, no state of ours).
 */
function useDeviceRegistration({
  settings,
  tokens,
  registered,
  xsrfToken,
}: Pick<PushGuardProps, "settings" | "tokens" | "registered" | "xsrfToken">) {
  const started = useRef(false);
  const showMessage = usePushToast();

  const enable = useCallback(async () => {
    if (started.current) return;
    started.current = true;
    await registerDevice({ settings, tokens, registered, xsrfToken, showMessage });
  }, [settings, tokens, registered, xsrfToken, showMessage]);

  useEffect(() => {
    if (browserSupportsPush() && Notification.permission === "granted") void enable();
  }, [enable]);
  return enable;
}

/**
 * The modal opens (`ask`): this tab remembers it, and the portal is told so that no other tab asks again. Returns
 * when it opened (performance.now()), for `meant`.
 */
function useAskedOnce(ask: boolean, codiceEnte: string, xsrfToken: string) {
  const openedAt = useRef(0);
  useEffect(() => {
    if (!ask) return;
    openedAt.current = performance.now();
    markPrompt("shown");
    sessionStorage.setItem(doNotAskKey(codiceEnte), "true");
    void fetch(href("/notifiche-push/chiesto"), {
      method: "POST",
      headers: { [XSRF_HEADER]: xsrfToken },
      credentials: "same-origin",
    }).catch((error: unknown) => console.warn("push opt-in: not remembered for the session", error));
  }, [ask, codiceEnte, xsrfToken]);
  return openedAt;
}

/** The "Notifiche Push" modal: accept (the default button) or decline. */
function OptInModal({
  comune,
  openedAt,
  onAccept,
  onDecline,
}: {
  comune: string;
  openedAt: { readonly current: number };
  onAccept: () => void;
  onDecline: () => void;
}) {
  const t = useT(pushIt);
  const okRef = useRef<HTMLButtonElement>(null);
  /** A click whose pointer went down before the modal opened was meant for the page: it answers nothing. */
  const meant = (event: MouseEvent) => event.detail === 0 || !pointerDownBefore(openedAt.current);
  return (
    <Modal
      id="push-opt-in"
      open
      onClose={onDecline}
      title={t("push.modal.title")}
      initialFocusRef={okRef}
      footer={
        <>
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={(event) => meant(event) && onDecline()}
          >
            {t("push.modal.decline")}
          </button>
          <button
            ref={okRef}
            type="button"
            className="btn btn-primary btn-sm"
            onClick={(event) => meant(event) && onAccept()}
          >
            {t("push.modal.accept")}
          </button>
        </>
      }
    >
      <p>{t("push.modal.body", { comune })}</p>
      <p className="small mb-0">{t("push.modal.settings")}</p>
    </Modal>
  );
}

/**
 * The push opt-in (spec §4, original TheGuardFcm), rendered by the shell only when the root data says the citizen may
 * be asked (NOTIFICATIONS, firebase settings, contacts). In the browser: nothing unless push is supported and not
 * denied; permission already granted → the token is fetched quietly; otherwise the "Notifiche Push" modal, once per
 * browser session (the spec's session key for this tab, the portal's session cookie for the others: it is told as the
 * modal opens), at a quiet moment only (`useQuietMoment`). The token goes to the portal (`POST
 * /notifiche-push/token`), which updates the contacts.
 */
export function PushGuard({
  codiceEnte,
  comune,
  asked,
  settings,
  tokens,
  registered,
  xsrfToken,
}: PushGuardProps) {
  const hydrated = useHydrated();
  const [answered, setAnswered] = useState(false);
  const enable = useDeviceRegistration({ settings, tokens, registered, xsrfToken });

  // Browser-only facts, read once hydrated (the server and the hydrating render show no modal).
  const mayAsk =
    hydrated &&
    !asked &&
    !answered &&
    browserSupportsPush() &&
    Notification.permission === "default" &&
    !sessionStorage.getItem(doNotAskKey(codiceEnte));
  const ask = useQuietMoment(mayAsk);
  const openedAt = useAskedOnce(ask, codiceEnte, xsrfToken);

  const decline = () => setAnswered(true);
  const accept = () => {
    setAnswered(true);
    // Asked inside the click, the user's gesture.
    void Notification.requestPermission().then((permission) => {
      if (permission === "granted") void enable();
    });
  };

  if (!ask || answered) return null;
  return <OptInModal comune={comune} openedAt={openedAt} onAccept={accept} onDecline={decline} />;
}
