import { Suspense, useSyncExternalStore } from "react";
import { Button } from "react-aria-components";
import { lazyPart } from "../lib/load-part";

// The error boundary's dialog (spec §2 modal, §8): a failure no screen handles itself is shown in
// an alert dialog, titled "Error" unless the caller says otherwise ("Unexpected Error" for a query
// that failed). Rendered once at the root, so a dialog raised during a navigation (a loader, a
// sign-out on the way to /login) is seen on the screen that follows. Its code loads when needed.

export type ErrorDialogContent = {
  /** Spec §2: a modal's header defaults to "Error". */
  title?: string;
  message: string;
};

const Modal = lazyPart(() => import("./modal").then((m) => ({ default: m.Modal })));

let waiting: readonly ErrorDialogContent[] = [];
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Shows an error dialog after any already open; the same words already waiting are not repeated. */
export function showErrorDialog(content: ErrorDialogContent): void {
  if (waiting.some((shown) => shown.title === content.title && shown.message === content.message)) return;
  waiting = [...waiting, content];
  notify();
}

function dismiss(): void {
  waiting = waiting.slice(1);
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function ErrorDialogHost() {
  const [first] = useSyncExternalStore(
    subscribe,
    () => waiting,
    () => waiting,
  );
  if (!first) return null;
  return (
    <Suspense fallback={null}>
      <Modal
        isOpen
        onOpenChange={(isOpen) => {
          if (!isOpen) dismiss();
        }}
        {...(first.title ? { title: first.title } : {})}
        size="xs"
        role="alertdialog"
        message={first.message}
      >
        <div className="modal__actions">
          <Button className="button button--primary" autoFocus onPress={dismiss}>
            OK
          </Button>
        </div>
      </Modal>
    </Suspense>
  );
}
