import { Suspense, useId } from "react";
import { Button } from "react-aria-components";
import { message } from "../../i18n/translations";
import { lazyPart } from "../../lib/load-part";
import { useOnline } from "../../lib/use-online";
import {
  CONTINUE_LABEL,
  closeContinueDialog,
  OFFLINE_NOTE,
  openContinueDialog,
  useContinueDialogOpen,
} from "./continue-dialog-state";

// The dialog (and, inside it, the QR encoder) loads only when someone asks for it.
const loadDialog = () => import("./continue-dialog");
const ContinueDialog = lazyPart(() => loadDialog().then((m) => ({ default: m.ContinueDialog })));

/**
 * Opens the "Continue on another device" dialog (issue 16). Offline it stays usable but says, next
 * to it, that a link needs a connection (the dialog says so too, and tries again once online).
 */
export function ContinueOnAnotherDeviceButton({
  className = "button button--secondary",
  onOpen,
}: {
  className?: string;
  /** Called first, e.g. to close the popover the button sits in. */
  onOpen?: () => void;
}) {
  const online = useOnline();
  const noteId = useId();
  // In the page's language: the banner and the menu that hold the button re-render when it changes.
  return (
    <span className="continue-elsewhere">
      <Button
        className={className}
        aria-describedby={online ? undefined : noteId}
        onHoverStart={() => void loadDialog()}
        onPress={() => {
          onOpen?.();
          openContinueDialog();
        }}
      >
        {message(CONTINUE_LABEL)}
      </Button>
      {online ? null : (
        <span id={noteId} className="continue-elsewhere__note">
          {message(OFFLINE_NOTE)}
        </span>
      )}
    </span>
  );
}

/** Mounted once in the form layout, so the dialog outlives the popover that may have opened it. */
export function ContinueDialogHost() {
  const open = useContinueDialogOpen();
  return open ? (
    <Suspense fallback={null}>
      <ContinueDialog onClose={closeContinueDialog} />
    </Suspense>
  ) : null;
}
