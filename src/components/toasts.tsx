import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { UNSTABLE_ToastQueue as ToastQueue } from "react-aria-components";
import { preloadWhenIdle } from "../lib/preload-when-idle";
import { ERROR_TOAST_TIMEOUT_MS, TOAST_TIMEOUT_MS } from "../shared/constants";

export type ToastContentData = { severity: "success" | "error"; label: string; message: string };

export const toastQueue = new ToastQueue<ToastContentData>({ maxVisibleToasts: 4 });

// The region's code loads with the first toast: most first screens never show one.
const loadRegion = () => import("./toast-region");
const ToastRegionView = lazy(() => loadRegion().then((m) => ({ default: m.ToastRegionView })));
preloadWhenIdle(loadRegion);

/** Spec §2: success messages appear as a toast labelled "Success Notification". */
export function showSuccessToast(message: string, label = "Success Notification"): void {
  toastQueue.add({ severity: "success", label, message }, { timeout: TOAST_TIMEOUT_MS });
}

/**
 * Spec §8: error toasts carry the failing card's label (e.g. "Login Card Error") and stay ~5 minutes.
 * `onClose` runs when the toast goes (dismissed or timed out): spec §8 "resetting" an upload error.
 */
export function showErrorToast(
  label: string,
  message: string,
  options: { onClose?: () => void } = {},
): string {
  return toastQueue.add(
    { severity: "error", label, message },
    { timeout: ERROR_TOAST_TIMEOUT_MS, onClose: options.onClose },
  );
}

export function closeToast(key: string): void {
  toastQueue.close(key);
}

const subscribe = (listener: () => void) => toastQueue.subscribe(listener);
const hasToasts = () => toastQueue.visibleToasts.length > 0;

/** Rendered once at the root. F8 moves focus to the newest notification (spec §9 hotkey). */
export function Toasts() {
  const visible = useSyncExternalStore(subscribe, hasToasts);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "F8") return;
      const toast = document.querySelector<HTMLElement>(".toast-region .toast");
      if (!toast) return;
      event.preventDefault();
      toast.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return visible ? (
    <Suspense fallback={null}>
      <ToastRegionView />
    </Suspense>
  ) : null;
}
