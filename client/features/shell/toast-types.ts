export type ToastKind = "success" | "error";

export type Toast = {
  id: string;
  /** Default "Attenzione". */
  title?: string;
  /** HTML message, sanitised by the server before it reaches the page. */
  html: string;
  kind: ToastKind;
  /** `push`: a web-push message shown while the page is open. */
  variant?: "default" | "push";
};

export type ToastInput = Omit<Toast, "id"> & { id?: string };

export type ToastState = { toasts: Toast[]; known: string[]; sourceKey: string };

/** Identifies a list of server toasts by their ids, so a re-created array with the same toasts changes nothing. */
export function getToastsKey(toasts: Toast[]): string {
  return toasts.map((toast) => toast.id).join("\n");
}

export function createToastState(initialToasts: Toast[]): ToastState {
  return {
    toasts: initialToasts,
    known: initialToasts.map((toast) => toast.id),
    sourceKey: getToastsKey(initialToasts),
  };
}

/** Adds the server's toasts not seen before (a dismissed flash message does not come back on revalidation). */
export function mergeServerToasts(state: ToastState, serverToasts: Toast[]): ToastState {
  const fresh = serverToasts.filter((toast) => !state.known.includes(toast.id));
  return {
    sourceKey: getToastsKey(serverToasts),
    toasts: [...state.toasts, ...fresh],
    known: [...state.known, ...fresh.map((toast) => toast.id)],
  };
}

export function addToast(state: ToastState, toast: Toast): ToastState {
  return {
    ...state,
    toasts: [...state.toasts.filter((t) => t.id !== toast.id), toast],
    known: state.known.includes(toast.id) ? state.known : [...state.known, toast.id],
  };
}

/** Another page: the toasts shown go (and, known, do not come back); the new page's own are merged next. */
export function leavePage(state: ToastState): ToastState {
  return state.toasts.length === 0 ? state : { ...state, toasts: [] };
}

export function removeToast(state: ToastState, id: string): ToastState {
  return { ...state, toasts: state.toasts.filter((toast) => toast.id !== id) };
}
