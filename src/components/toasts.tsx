import { useEffect } from "react";
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";
import { ERROR_TOAST_TIMEOUT_MS, TOAST_TIMEOUT_MS } from "../shared/constants";

type ToastContentData = { severity: "success" | "error"; label: string; message: string };

const queue = new ToastQueue<ToastContentData>({ maxVisibleToasts: 4 });

/** Spec §2: success messages appear as a toast labelled "Success Notification". */
export function showSuccessToast(message: string, label = "Success Notification"): void {
  queue.add({ severity: "success", label, message }, { timeout: TOAST_TIMEOUT_MS });
}

/** Spec §8: error toasts carry the failing card's label (e.g. "Login Card Error") and stay ~5 minutes. */
export function showErrorToast(label: string, message: string): string {
  return queue.add({ severity: "error", label, message }, { timeout: ERROR_TOAST_TIMEOUT_MS });
}

export function closeToast(key: string): void {
  queue.close(key);
}

/** Rendered once at the root. F8 moves focus to the newest notification (spec §9 hotkey). */
export function Toasts() {
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

  return (
    <ToastRegion queue={queue} className="toast-region" aria-label="Notifications">
      {({ toast }) => (
        <Toast
          toast={toast}
          className={`toast toast--${toast.content.severity}`}
          aria-label={toast.content.label}
        >
          <ToastContent className="toast__content">
            <Text slot="title" className="toast__title">
              {toast.content.label}
            </Text>
            <Text slot="description" className="toast__message">
              {toast.content.message}
            </Text>
          </ToastContent>
          <Button slot="close" className="icon-button" aria-label="Dismiss notification">
            <span aria-hidden="true">×</span>
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
