import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import {
  addToast,
  createToastState,
  getToastsKey,
  leavePage,
  mergeServerToasts,
  removeToast,
  type Toast,
  type ToastInput,
} from "./toast-types.ts";
import { ToastRegion } from "./toast-region.tsx";

export type { Toast, ToastInput, ToastKind } from "./toast-types.ts";

export type ToastApi = {
  toasts: Toast[];
  /** Shows a toast and returns its id. */
  push: (toast: ToastInput) => string;
  dismiss: (id: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

export type ToastProviderProps = {
  /** Toasts from the server (e.g. flash messages): rendered in the SSR HTML, so users without JavaScript see them too. */
  initialToasts?: Toast[];
  children: ReactNode;
};

const noToasts: Toast[] = [];

/**
 * Holds the page's toasts and renders their live regions after `children`. A toast stays until it is closed or
 * another page is shown: it does not hide by itself (the original's 8 s, 5 s for a push message), which a slow
 * reader, a magnifier's user or someone whose focus is elsewhere never got to read (WCAG 2.2.1).
 */
export function ToastProvider({ initialToasts = noToasts, children }: ToastProviderProps) {
  const [state, setState] = useState(() => createToastState(initialToasts));
  const { pathname } = useLocation();
  const [page, setPage] = useState(pathname);
  let next = state;
  if (page !== pathname) {
    setPage(pathname);
    next = leavePage(next);
  }
  if (next.sourceKey !== getToastsKey(initialToasts)) next = mergeServerToasts(next, initialToasts);
  if (next !== state) setState(next);
  const counter = useRef(0);
  const push = useCallback((input: ToastInput) => {
    counter.current += 1;
    const toast = { ...input, id: input.id ?? `toast-${counter.current}` };
    setState((current) => addToast(current, toast));
    return toast.id;
  }, []);
  const dismiss = useCallback((id: string) => setState((current) => removeToast(current, id)), []);
  const api = useMemo<ToastApi>(
    () => ({ toasts: state.toasts, push, dismiss }),
    [state.toasts, push, dismiss],
  );
  return (
    <ToastContext value={api}>
      {children}
      <ToastRegion toasts={state.toasts} onDismiss={dismiss} />
    </ToastContext>
  );
}

export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToasts must be used inside <ToastProvider>");
  return api;
}
