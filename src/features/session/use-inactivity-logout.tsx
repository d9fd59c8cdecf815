import {
  type ComponentProps,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
} from "react";
import { Button } from "react-aria-components";
import { useNavigate } from "react-router-dom";
import type { Modal as ModalComponent } from "../../components/modal";
import { useLanguage } from "../../i18n/use-language";
import { loadPart } from "../../lib/load-part";
import { INACTIVITY_LOGOUT_MESSAGE, SIGNED_OUT_MESSAGE } from "../../shared/messages";
import * as m from "./inactivity-messages";
import { InactivityTimer } from "./inactivity-timer";
import { prepareSignOut, signOutHere } from "./sign-out-here";

// The dialog's code loads when the warning first shows: most visits never see it. The service worker
// precaches it for offline use; until it can load, nothing is shown and the logout comes anyway.
const Modal = lazy(() =>
  loadPart(() => import("../../components/modal")).then(
    (m): { default: (props: ComponentProps<typeof ModalComponent>) => ReactNode } => ({ default: m.Modal }),
    () => ({ default: () => null }),
  ),
);

/**
 * Spec §4: what counts as the user being there: pressing, typing, moving the mouse (or a pen),
 * scrolling and touching. Scrolling is heard through what a person scrolls with (the wheel or
 * touchpad, a finger, keys, a press on the scrollbar), not through `scroll` events: the browser
 * scrolls by itself too (it keeps the content in place when something above it changes height,
 * e.g. the header's save status), and that is nobody being there. Listened to passively, in the
 * capture phase; the timer counts at most one event per 200 ms, so a moving mouse costs nothing.
 */
const ACTIVITY_EVENTS = [
  "pointerdown",
  "pointermove",
  "keydown",
  "wheel",
  "touchstart",
  "touchmove",
] as const;
const LISTENER_OPTIONS: AddEventListenerOptions = { passive: true, capture: true };

/**
 * Spec §4 "Inactivity" (logged in only): after 14 idle minutes asks "Still working?"; a minute later,
 * or on any activity 15 minutes or more after the last, logs out. Answers stay on the device.
 */
export function InactivityGuard({ isLoggedIn }: { isLoggedIn: boolean }) {
  const navigate = useNavigate();
  const { t } = useLanguage();
  const [warning, setWarning] = useState(false);
  const [ending, setEnding] = useState(false);
  const timerRef = useRef<InactivityTimer | null>(null);
  const endingRef = useRef(false);

  /** Signs out and goes to sign in; a server that could not end the session is reported (`report`). */
  async function endSession(message: string, report: "handler" | "dialog"): Promise<void> {
    if (endingRef.current) return;
    endingRef.current = true;
    timerRef.current?.stop();
    setEnding(true);
    const reportFailure = await signOutHere();
    navigate("/login", { state: { errorMessage: message } });
    reportFailure(report);
  }

  const onIdleLogout = useEffectEvent(() => void endSession(INACTIVITY_LOGOUT_MESSAGE, "dialog"));

  useEffect(() => {
    if (!isLoggedIn) return;
    // Ready before it is needed: the session may end offline, 15 minutes from now.
    prepareSignOut();
    endingRef.current = false;
    const timer = new InactivityTimer({ onWarn: () => setWarning(true), onLogout: () => onIdleLogout() });
    timerRef.current = timer;
    let pointerAt = "";
    const onActivity = (event: Event) => {
      if (event.type === "pointermove") {
        // Chromium repeats a still mouse's move when the page moves under it (a scroll, a dialog
        // closing): only a pointer that really moved is someone there.
        const { screenX, screenY } = event as PointerEvent;
        const at = `${screenX},${screenY}`;
        if (at === pointerAt) return;
        pointerAt = at;
      }
      timer.activity();
    };
    // Timers do not run while a laptop sleeps and are held back in hidden tabs: look at the clock.
    const onVisibilityChange = () => {
      if (document.visibilityState === "visible") timer.checkElapsed();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, LISTENER_OPTIONS);
    document.addEventListener("visibilitychange", onVisibilityChange);
    timer.start();
    // The guard loads as a part after the page (issue 35): a state tests and tools can wait for
    // before they count idle time, which starts here.
    document.documentElement.dataset.inactivityGuard = "watching";
    return () => {
      delete document.documentElement.dataset.inactivityGuard;
      timer.stop();
      timerRef.current = null;
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, LISTENER_OPTIONS);
      document.removeEventListener("visibilitychange", onVisibilityChange);
      setWarning(false);
    };
  }, [isLoggedIn]);

  function onContinue() {
    setWarning(false);
    timerRef.current?.continue();
  }

  if (!isLoggedIn || !warning) return null;
  return (
    <Suspense fallback={null}>
      <Modal
        isOpen
        // Closing the dialog (× or Escape) is a deliberate answer, like Continue; other activity is not.
        onOpenChange={(isOpen) => {
          if (!isOpen) onContinue();
        }}
        title={t(m.stillWorking)}
        size="xs"
        role="alertdialog"
        message={t(m.inactiveWarning)}
      >
        <div className="modal__actions">
          <Button className="button button--primary" autoFocus isDisabled={ending} onPress={onContinue}>
            {t(m.continueWorking)}
          </Button>
          <Button
            className="button button--secondary"
            isDisabled={ending}
            onPress={() => void endSession(SIGNED_OUT_MESSAGE, "handler")}
          >
            {t(m.logout)}
          </Button>
        </div>
      </Modal>
    </Suspense>
  );
}
