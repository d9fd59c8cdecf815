import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";
import { toastQueue } from "./toasts";

/** The visible notifications: a landmark region of alert dialogs, each with a close button. */
export function ToastRegionView() {
  return (
    <ToastRegion queue={toastQueue} className="toast-region" aria-label="Notifications">
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
