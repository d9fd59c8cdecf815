import { type PointerEvent, useId, useRef, useState } from "react";
import {
  Button,
  type QueuedToast,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";
import { useLanguage } from "../i18n/use-language";
import { TOAST_SWIPE_THRESHOLD_PX } from "../shared/constants";
import { type ToastContentData, toastQueue } from "./toasts";

/**
 * Spec §8's toast labels, kept as the toasts' accessible names, and what each shows instead: the
 * cards' labels are the names of their screens' parts, not words an applicant uses (issue 37).
 * Here, with the region, not with showErrorToast: a first screen that shows no toast carries none.
 */
const PLAIN_TITLES: Readonly<Record<string, string>> = {
  "Login Card Error": "We couldn't sign you in",
  "Sign Up Card Error": "We couldn't create your account",
  "Confirm Card Error": "We couldn't confirm your account",
  "Forgot Password Card Error": "We couldn't start resetting your password",
  "Reset Password Card Error": "We couldn't reset your password",
  "Resend Confirmation Code Error": "We couldn't send a new code",
};

/** The visible notifications: a landmark region of alert dialogs, each with a close button. */
export function ToastRegionView() {
  const { text } = useLanguage();
  return (
    <ToastRegion queue={toastQueue} className="toast-region" aria-label={text("Notifications")}>
      {({ toast }) => <SwipeableToast toast={toast} />}
    </ToastRegion>
  );
}

/**
 * One notification. Besides its close button (and Escape, from React Aria), dragging it sideways
 * by a finger or the mouse dismisses it once the drag passes the spec's 50 px (§9); a shorter
 * drag springs back.
 */
function SwipeableToast({ toast }: { toast: QueuedToast<ToastContentData> }) {
  const {
    label: englishLabel,
    title: englishTitle = PLAIN_TITLES[englishLabel] ?? englishLabel,
    message: englishMessage,
  } = toast.content;
  // The spec's label stays the name; a plain title of our own is read with the message.
  const plain = englishTitle !== englishLabel;
  // Shown in the page's language: the app's words, and a server's message the catalogue knows
  // (another is shown as it came).
  const { text } = useLanguage();
  const [label, title, message] = [englishLabel, englishTitle, englishMessage].map((words) =>
    words ? text(words) : words,
  ) as [string, string, string];
  const id = useId();
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);
  const end = (event: PointerEvent<HTMLDivElement>, dismiss: boolean) => {
    const started = drag.current;
    if (!started || started.pointerId !== event.pointerId) return;
    drag.current = null;
    setOffset(0);
    if (dismiss && Math.abs(event.clientX - started.startX) >= TOAST_SWIPE_THRESHOLD_PX) {
      toastQueue.close(toast.key);
    }
  };
  return (
    <Toast
      toast={toast}
      className={`toast toast--${toast.content.severity}${offset !== 0 ? " toast--dragging" : ""}`}
      aria-label={label}
      {...(plain
        ? {
            "aria-labelledby": `${id}-label`,
            "aria-describedby": [title && `${id}-title`, `${id}-message`].filter(Boolean).join(" "),
          }
        : {})}
      style={offset !== 0 ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={(event) => {
        // The close button is pressed, not dragged.
        if (event.button !== 0 || (event.target as Element).closest("button")) return;
        drag.current = { pointerId: event.pointerId, startX: event.clientX };
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        const started = drag.current;
        if (started?.pointerId === event.pointerId) setOffset(event.clientX - started.startX);
      }}
      onPointerUp={(event) => end(event, true)}
      onPointerCancel={(event) => end(event, false)}
    >
      {/* Pressing on selected text would start dragging the text, which cancels the swipe. */}
      <ToastContent className="toast__content" onDragStart={(event) => event.preventDefault()}>
        {plain ? (
          <>
            <span id={`${id}-label`} hidden>
              {label}
            </span>
            {title ? (
              <span id={`${id}-title`} className="toast__title">
                {title}
              </span>
            ) : null}
            <span id={`${id}-message`} className="toast__message">
              {message}
            </span>
          </>
        ) : (
          <>
            <Text slot="title" className="toast__title">
              {title}
            </Text>
            <Text slot="description" className="toast__message">
              {message}
            </Text>
          </>
        )}
      </ToastContent>
      <Button slot="close" className="icon-button" aria-label={text("Dismiss notification")}>
        <span aria-hidden="true">×</span>
      </Button>
    </Toast>
  );
}
