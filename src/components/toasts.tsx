import { Suspense, useEffect, useSyncExternalStore } from "react";
import { UNSTABLE_ToastQueue as ToastQueue } from "react-aria-components";
import { useLocation } from "react-router-dom";
import { lazyPart } from "../lib/load-part";
import { preloadWhenIdle } from "../lib/preload-when-idle";
import { ERROR_TOAST_TIMEOUT_MS, TOAST_HOTKEY, TOAST_TIMEOUT_MS } from "../shared/constants";

export type ToastContentData = {
  severity: "success" | "error";
  /** The accessible name: the spec's label where it names one ("Login Card Error"). */
  label: string;
  /**
   * What the toast shows as its title, in plain words, when the label is the spec's and reads as
   * jargon to an applicant (issue 37): it is read after the name, with the message. "" shows none.
   * Defaults to the label's plain title (toast-region.tsx's PLAIN_TITLES), else the label.
   */
  title?: string;
  message: string;
  /** The path of the screen the message is meant for: it closes when the applicant leaves it. */
  screen?: string;
};

export type ToastOptions = {
  /**
   * The screen (path) the message belongs to, e.g. a success message passed in navigation state or
   * a sign-in card's error: it is not carried onto the next screen. Without one it stays until it
   * times out or is dismissed.
   */
  screen?: string;
  /** Runs when the toast goes (dismissed, timed out or replaced): spec §8 "resetting" an upload error. */
  onClose?: () => void;
  /** The visible title when it is not the label (see ToastContentData.title). */
  title?: string;
};

export const toastQueue = new ToastQueue<ToastContentData>({ maxVisibleToasts: 4 });

// The region's code loads with the first toast: most first screens never show one.
const loadRegion = () => import("./toast-region");
const ToastRegionView = lazyPart(() => loadRegion().then((m) => ({ default: m.ToastRegionView })));
preloadWhenIdle(loadRegion);

/** Every toast not yet closed (the queue shows only the newest few), by key. */
const open = new Map<string, ToastContentData>();

/**
 * Adds a toast, replacing one with the same text: a message said again (a second failed sign-in,
 * a second save) is shown once, as the newest, with its time restarted, never stacked.
 */
function show(content: ToastContentData, timeout: number, onClose?: () => void): string {
  for (const [key, other] of open) {
    if (
      other.severity === content.severity &&
      other.label === content.label &&
      other.message === content.message
    ) {
      toastQueue.close(key);
    }
  }
  const key = toastQueue.add(content, {
    timeout,
    onClose: () => {
      open.delete(key);
      onClose?.();
    },
  });
  open.set(key, content);
  return key;
}

/**
 * Spec §2: success messages appear as a toast labelled "Success Notification" (its accessible
 * name); the message says what happened, under no title of its own.
 */
export function showSuccessToast(message: string, { onClose, ...options }: ToastOptions = {}): string {
  return show(
    { severity: "success", label: "Success Notification", title: "", message, ...options },
    TOAST_TIMEOUT_MS,
    onClose,
  );
}

/** Spec §8: error toasts carry the failing card's label (e.g. "Login Card Error") and stay ~5 minutes. */
export function showErrorToast(
  label: string,
  message: string,
  { onClose, title, ...options }: ToastOptions = {},
): string {
  return show(
    { severity: "error", label, ...(title !== undefined ? { title } : {}), message, ...options },
    ERROR_TOAST_TIMEOUT_MS,
    onClose,
  );
}

export function closeToast(key: string): void {
  toastQueue.close(key);
}

/** The path of the screen showing now, for toasts that belong to it. */
export function thisScreen(): string {
  return window.location.pathname;
}

/** Closes the toasts meant for another screen than `pathname`. */
function closeToastsAwayFrom(pathname: string): void {
  for (const [key, content] of open) {
    if (content.screen !== undefined && content.screen !== pathname) toastQueue.close(key);
  }
}

const subscribe = (listener: () => void) => toastQueue.subscribe(listener);
const hasToasts = () => toastQueue.visibleToasts.length > 0;

/**
 * Rendered once at the root. F8 moves focus to the toast region's newest notification (spec §9
 * hotkey), from anywhere: it is heard in the capture phase, before any control handles the key.
 * A screen's own messages close when the applicant leaves it.
 */
export function Toasts() {
  const visible = useSyncExternalStore(subscribe, hasToasts);
  const { pathname } = useLocation();
  // Runs after the new screen's own effects, so a message it just showed for itself stays.
  useEffect(() => closeToastsAwayFrom(pathname), [pathname]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      const toast = document.querySelector<HTMLElement>(".toast-region .toast");
      if (!toast) return;
      event.preventDefault();
      event.stopPropagation();
      toast.focus();
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, []);
  return visible ? (
    <Suspense fallback={null}>
      <ToastRegionView />
    </Suspense>
  ) : null;
}
